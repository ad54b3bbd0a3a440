import { useId, useState, type ReactNode } from 'react';
import { CLUB_MEMBERS_SHOWN } from '../../../shared/club-rules.ts';
import { type Club } from '../../../shared/clubs.ts';
import { CloseButton, Dialog } from '../../ui/Dialog.tsx';
import { ClubEditor } from './ClubEditor.tsx';
import { ClubImage } from './ClubImage.tsx';
import { placeOf, VerifiedMark } from './ClubCard.tsx';
import { clearLocalEdit } from './local-edits.ts';
import { useClubMembers } from './club-sheet.ts';
import { LOCAL_EDITED_NOTE, OUT_OF_STATE_NOTE, TALENT_TIP, VERIFIED_TIP } from './club-texts.ts';
import { Toggletip } from './Toggletip.tsx';

function Metric({
  label,
  value,
  footer,
  extra,
  wide = false,
}: {
  label: string;
  value: ReactNode;
  footer: ReactNode;
  extra?: ReactNode;
  /** The talent metric: a whole row of its own. */
  wide?: boolean;
}) {
  return (
    <div className={`club-metric${wide ? ' wide' : ''}`}>
      <dt>
        {label}
        {extra}
      </dt>
      <dd>
        <span className="club-metric-value">{value}</span>
        {footer ? <span className="club-metric-footer">{footer}</span> : null}
      </dd>
    </div>
  );
}

const Accent = ({ children }: { children: ReactNode }) =>
  children ? <strong className="accent">{children}</strong> : null;

function Members({ names }: { names: string[] }) {
  const [all, setAll] = useState(false);
  const listId = useId();
  const shown = all ? names : names.slice(0, CLUB_MEMBERS_SHOWN);
  const rest = names.length - CLUB_MEMBERS_SHOWN;
  return (
    <section className="club-section" aria-labelledby={`${listId}-title`}>
      <h3 id={`${listId}-title`}>Members</h3>
      {names.length ? (
        <ul id={listId} className="club-members">
          {shown.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">No members are listed yet.</p>
      )}
      {rest > 0 ? (
        <button
          type="button"
          className="button link"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll((a) => !a)}
        >
          {all ? 'Show fewer' : `Show all ${names.length} members`}
        </button>
      ) : null}
    </section>
  );
}

export type EditMode = 'local' | 'server' | null;

/**
 * One club, opened by ?club={name}: where and when it trains, its numbers
 * with their footers, its leaders and members (the club sheet's, else the
 * list's), and for those allowed the edit mode.
 */
export function ClubModal({
  club,
  editMode,
  localEdited,
  onClose,
  onBack,
  onSaved,
}: {
  club: Club;
  editMode: EditMode;
  /** This device holds a developer's edit of this club. */
  localEdited: boolean;
  onClose: () => void;
  /** Back to the athlete popup it was opened from. */
  onBack?: (() => void) | undefined;
  onSaved?: (club: Club) => void;
}) {
  const [editing, setEditing] = useState(false);
  const members = useClubMembers(club);
  const place = placeOf(club);
  const links = (
    [
      ['Facebook', club.facebook],
      ['Instagram', club.instagram],
    ] satisfies [string, string | null][]
  ).flatMap(([label, url]) => (url ? [[label, url] as const] : []));

  return (
    <Dialog
      title={editing ? `Edit ${club.name}` : club.name}
      onClose={onClose}
      className="club-dialog"
      footer={
        editing ? undefined : (
          <>
            {onBack ? (
              <button type="button" className="button secondary" onClick={onBack}>
                Back
              </button>
            ) : null}
            {editMode ? (
              <button type="button" className="button secondary" onClick={() => setEditing(true)}>
                {editMode === 'local' ? 'Edit (this device)' : 'Edit'}
              </button>
            ) : null}
            <CloseButton onClose={onClose} />
          </>
        )
      }
    >
      {editing && editMode ? (
        <ClubEditor club={club} mode={editMode} onDone={() => setEditing(false)} onSaved={onSaved} />
      ) : (
        <>
          <div className="club-hero">
            <ClubImage name={club.name} url={club.image_url} />
          </div>
          <div className="club-tags">
            {club.verified ? (
              <Toggletip label="Verified club: what this means" tip={VERIFIED_TIP}>
                <span className="club-verified">
                  <VerifiedMark /> Verified
                </span>
              </Toggletip>
            ) : null}
            {place ? <span className="club-tag">{place}</span> : null}
            {localEdited ? (
              <span className="club-local-badge">
                {LOCAL_EDITED_NOTE}{' '}
                {editMode === 'local' ? (
                  <button type="button" className="button link small" onClick={() => clearLocalEdit(club.id)}>
                    Undo local changes
                  </button>
                ) : null}
              </span>
            ) : null}
          </div>
          {club.out_of_state ? <p className="club-note">{OUT_OF_STATE_NOTE}</p> : null}
          {club.desc ? <p className="club-desc">{club.desc}</p> : null}
          <dl className="event-info club-details">
            {club.city ? <Row label="City">{club.city}</Row> : null}
            {club.region ? <Row label="Region">{club.region}</Row> : null}
            {club.founded ? <Row label="Founded">{club.founded}</Row> : null}
            {club.training.length ? (
              <Row label="Training">
                <ul className="club-training">
                  {club.training.map((t, i) => (
                    <li key={i}>{t}</li>
                  ))}
                </ul>
              </Row>
            ) : null}
            <Row label="Avg practice">{club.avg_practice_size} people</Row>
            {links.length ? (
              <Row label="Links">
                <span className="club-links">
                  {links.map(([label, url]) => (
                    <a key={label} href={url} target="_blank" rel="noopener noreferrer">
                      {label}
                    </a>
                  ))}
                </span>
              </Row>
            ) : null}
          </dl>
          <dl className="club-metrics" aria-label="Club numbers">
            <Metric
              label="Members"
              value={club.members_count}
              footer={
                <>
                  {club.members_footer_prefix}
                  <Accent>{club.members_footer_accent}</Accent>
                  {club.members_footer_tail}
                </>
              }
            />
            <Metric
              label="Average practice"
              value={club.avg_practice_size}
              footer={
                <>
                  <Accent>{club.avg_practice_footer_accent}</Accent>
                  {club.avg_practice_footer_tail}
                </>
              }
            />
            <Metric
              label="Medals this year"
              value={club.medals_this_year}
              footer={
                <>
                  <Accent>{club.medals_footer_accent}</Accent>
                  {club.medals_footer_tail}
                </>
              }
            />
            <Metric
              label="Supermatches hosted"
              value={club.supermatches_hosted}
              footer={
                <>
                  <Accent>{`${club.supermatches_upcoming} upcoming`}</Accent>
                </>
              }
            />
            <Metric
              wide
              label={club.talent_metric.label}
              extra={
                <Toggletip label={`${club.talent_metric.label}: what this counts`} tip={TALENT_TIP}>
                  <span aria-hidden="true">i</span>
                </Toggletip>
              }
              value={club.talent_metric.count}
              footer={
                <>
                  <Accent>{club.talent_metric.footer_accent}</Accent>
                  {club.talent_metric.footer_tail}
                </>
              }
            />
          </dl>
          <section className="club-section">
            <h3>Leaders</h3>
            {club.leaders.length ? (
              <ul className="club-leaders">
                {club.leaders.map((l) => (
                  <li key={l}>
                    <img src="/badges/crown-leader.svg" alt="" width="20" height="20" /> {l}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">No leaders are listed yet.</p>
            )}
            {club.leader_footer ? <p className="club-metric-footer">{club.leader_footer}</p> : null}
          </section>
          <Members names={members} />
        </>
      )}
    </Dialog>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="event-info-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
