import type { AccountClaim } from '../../../shared/name-claims.ts';
import { isHttpUrl } from '../../../shared/field-rules.ts';
import { postClaimDecision } from './review-api.ts';
import { reviewKeys } from './review-keys.ts';
import { ReviewDialog } from './ReviewDialog.tsx';
import { Facts, IpReveal, Section } from './ReviewParts.tsx';
import { formatMoment } from './review-texts.ts';
import { useDecision } from './use-decision.ts';

/** The claimer as the modal names them: their name, else their email, else a plain word. */
const claimerOf = (claim: AccountClaim) => claim.claimerName?.trim() || claim.claimerEmail || 'Unnamed account';

/**
 * One account's claim to an athlete's name: who claims it, with what
 * evidence, and the decision. Evidence links open in a new tab without
 * handing the admin's page to the site they lead to; only http(s) addresses
 * become links.
 */
export function AccountModal({ claim, onClose }: { claim: AccountClaim; onClose: () => void }) {
  const decision = useDecision<AccountClaim>({
    listKey: reviewKeys.accounts(),
    post: ({ id, status, expected }) => postClaimDecision(id, { status, expected_status: expected }),
    optimistic: (c, status, who, at) => ({ ...c, status, decidedBy: who, decidedAt: at }),
  });
  const claimer = claimerOf(claim);
  return (
    <ReviewDialog
      title={`Verify ${claim.athleteName}`}
      summary={
        <span>
          Claim by {claimer} ({claim.claimerEmail ?? 'no email'})
        </span>
      }
      status={claim.status}
      record={{ decidedBy: claim.decidedBy, decidedAt: claim.decidedAt, history: claim.decisions }}
      decision={decision}
      onClose={onClose}
      onDecide={(status) => decision.decide({ id: claim.id, status, expected: claim.status })}
    >
      <Section title="Details">
        <Facts
          rows={[
            ['Submitted', formatMoment(claim.submittedAt)],
            [
              'Athlete',
              <>
                {claim.athleteName}{' '}
                <span className="muted">
                  {claim.athleteId === null ? '(no athlete with this name yet)' : `ID: ${claim.athleteId}`}
                </span>
              </>,
            ],
            ['Claimer', claim.claimerName],
            ['Email', claim.claimerEmail],
            ['IP', <IpReveal ip={claim.ip} />],
          ]}
        />
      </Section>

      <Section title="Evidence">
        {claim.evidenceSummary ? (
          <p className="evidence-summary">{claim.evidenceSummary}</p>
        ) : (
          <p className="muted">No summary given.</p>
        )}
        {claim.evidenceLinks.length ? (
          <ul className="evidence-links">
            {claim.evidenceLinks.map((link, i) => (
              <li key={`${i}-${link}`}>
                {isHttpUrl(link) ? (
                  <a href={link} target="_blank" rel="noopener noreferrer">
                    {link}
                  </a>
                ) : (
                  link
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No links given.</p>
        )}
      </Section>
    </ReviewDialog>
  );
}
