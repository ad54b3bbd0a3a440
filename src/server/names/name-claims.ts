import type { AccountClaim, ClaimStatus, NameStatus } from '../../shared/name-claims.ts';
import type { Db } from '../db/connection.ts';
import { HttpError } from '../http/errors.ts';
import { athleteIdByName } from './known-names.ts';
import { changedMeanwhile, decisionsOf, logDecision } from '../decisions/log.ts';
import type { Decision } from '../../shared/answers/review.ts';

/**
 * Name claims: one state machine per account (token subject).
 *
 *   never_submitted --submit--> pending --approve--> verified (for good)
 *                                       --deny-----> rejected --submit--> pending ...
 *
 * An account's status is read from its rows: an approved claim makes it
 * verified; otherwise its latest claim decides (pending or rejected). Every
 * check runs inside one transaction with the write it guards, and partial
 * unique indexes (migration 4) hold the same rules should a check ever miss.
 */

interface ClaimRow {
  id: number;
  requested_name: string;
  submitter_sub: string;
  submitter_email: string | null;
  submitter_name: string | null;
  submitter_ip: string | null;
  athlete_id: number | null;
  athlete_name: string | null;
  evidence_summary: string | null;
  evidence_links: string | null;
  status: ClaimStatus;
  created_at: string;
  decided_by: string | null;
  decided_at: string | null;
}

const SELECT_CLAIM = `
  SELECT s.*, a.name AS athlete_name
  FROM name_submissions s LEFT JOIN athletes a ON a.id = s.athlete_id`;

/** The name a claim stands for: the linked athlete's own spelling, else what was asked for. */
const claimName = (row: ClaimRow) => row.athlete_name ?? row.requested_name;

export function toAccountClaim(row: ClaimRow, decisions: Decision[] = []): AccountClaim {
  let links: string[] = [];
  if (row.evidence_links) {
    const parsed = JSON.parse(row.evidence_links) as unknown;
    if (Array.isArray(parsed)) links = parsed.filter((l): l is string => typeof l === 'string');
  }
  return {
    id: row.id,
    athleteName: claimName(row),
    athleteId: row.athlete_id,
    claimerName: row.submitter_name,
    claimerEmail: row.submitter_email,
    submittedAt: row.created_at,
    ip: row.submitter_ip,
    evidenceSummary: row.evidence_summary,
    evidenceLinks: links,
    status: row.status,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    decisions: decisions.map(({ from, to, decided_by, decided_at }) => ({ from, to, decided_by, decided_at })),
  };
}

function claimsOf(db: Db, sub: string): ClaimRow[] {
  return db.prepare(`${SELECT_CLAIM} WHERE s.submitter_sub = ? ORDER BY s.id DESC`).all(sub) as ClaimRow[];
}

/** One account's name status: the claim's state, the athlete's name and the name pending review, if any. */
export function nameStatusOf(db: Db, sub: string): NameStatus {
  const claims = claimsOf(db, sub);
  const approved = claims.find((c) => c.status === 'approved');
  if (approved) return { status: 'verified', athlete_name: claimName(approved), pending_requested_name: null };
  const latest = claims[0];
  if (!latest) return { status: 'never_submitted', athlete_name: null, pending_requested_name: null };
  if (latest.status === 'pending') {
    return { status: 'pending', athlete_name: null, pending_requested_name: latest.requested_name };
  }
  return { status: 'rejected', athlete_name: null, pending_requested_name: null };
}

/** An approved claim of another account on this name (or on the athlete it links to). */
function verifiedElsewhere(db: Db, name: string, athleteId: number | null, sub: string): boolean {
  const row = db
    .prepare(
      `SELECT 1 FROM name_submissions
       WHERE status = 'approved' AND submitter_sub <> ?
         AND (requested_name = ? COLLATE NOCASE OR (? IS NOT NULL AND athlete_id = ?))`,
    )
    .get(sub, name, athleteId, athleteId);
  return !!row;
}

const NAME_TAKEN = () => new HttpError(409, 'name_taken', 'This name is already verified to another account.');

export interface Claimer {
  sub: string;
  email: string | null;
  name: string | null;
  ip: string | null;
}

export interface NewClaim {
  requested_name: string;
  evidence_summary?: string | undefined;
  evidence_links?: string[] | undefined;
}

/** POST /name-submissions: opens a pending claim, or throws the 409 that says why not. */
export function submitClaim(db: Db, who: Claimer, claim: NewClaim, now = new Date()): NameStatus {
  return db
    .transaction(() => {
      const current = nameStatusOf(db, who.sub);
      if (current.status === 'verified') {
        throw new HttpError(
          409,
          'name_already_verified',
          `Your name is already verified as ${current.athlete_name}. It cannot be changed.`,
        );
      }
      if (current.status === 'pending') {
        throw new HttpError(
          409,
          'claim_pending',
          `You already have a name waiting for approval: ${current.pending_requested_name}. Wait for that decision.`,
        );
      }
      const athleteId = athleteIdByName(db, claim.requested_name);
      if (verifiedElsewhere(db, claim.requested_name, athleteId, who.sub)) throw NAME_TAKEN();
      db.prepare(
        `INSERT INTO name_submissions (requested_name, submitter_sub, submitter_email, submitter_name, submitter_ip,
         athlete_id, evidence_summary, evidence_links, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
      ).run(
        claim.requested_name,
        who.sub,
        who.email,
        who.name,
        who.ip,
        athleteId,
        claim.evidence_summary ?? null,
        claim.evidence_links?.length ? JSON.stringify(claim.evidence_links) : null,
        now.toISOString(),
      );
      return nameStatusOf(db, who.sub);
    })
    .immediate();
}

export function listClaims(db: Db, status?: ClaimStatus): AccountClaim[] {
  const rows = (
    status
      ? db.prepare(`${SELECT_CLAIM} WHERE s.status = ? ORDER BY s.created_at DESC, s.id DESC`).all(status)
      : db.prepare(`${SELECT_CLAIM} ORDER BY s.created_at DESC, s.id DESC`).all()
  ) as ClaimRow[];
  const decisions = decisionsOf(db, 'name_claim');
  return rows.map((r) => toAccountClaim(r, decisions.get(r.id)));
}

function claimById(db: Db, id: number): ClaimRow | undefined {
  return db.prepare(`${SELECT_CLAIM} WHERE s.id = ?`).get(id) as ClaimRow | undefined;
}

const claimWithDecisions = (db: Db, row: ClaimRow) =>
  toAccountClaim(row, decisionsOf(db, 'name_claim', row.id).get(row.id));

export type ClaimOutcome =
  { kind: 'decided'; claim: AccountClaim } | { kind: 'conflict'; claim: AccountClaim; message: string };

/**
 * An admin's decision: approve anything not approved, deny anything not
 * denied. Deciding what is already so changes nothing, not even who
 * decided. Approval refuses what would give an account two names, or a name
 * two accounts. When the admin saw another status than the claim has now,
 * nothing changes and the outcome is a conflict with the current state.
 */
export function decideClaim(
  db: Db,
  id: number,
  decision: { status: 'approved' | 'denied'; expected_status?: ClaimStatus | undefined },
  decidedBy: string,
  now = new Date(),
): ClaimOutcome {
  const { status } = decision;
  return db
    .transaction((): ClaimOutcome => {
      const row = claimById(db, id);
      if (!row) throw new HttpError(404, 'not_found', `No name submission ${id}.`);
      if (decision.expected_status && decision.expected_status !== row.status) {
        return {
          kind: 'conflict',
          claim: claimWithDecisions(db, row),
          message: changedMeanwhile('claim', row),
        };
      }
      if (row.status === status) return { kind: 'decided', claim: claimWithDecisions(db, row) };
      let athleteId = row.athlete_id;
      if (status === 'approved') {
        const others = db
          .prepare(`SELECT status FROM name_submissions WHERE submitter_sub = ? AND id <> ?`)
          .pluck()
          .all(row.submitter_sub, id) as ClaimStatus[];
        if (others.includes('approved')) {
          throw new HttpError(409, 'account_already_verified', 'This account already has a verified name.');
        }
        if (others.includes('pending')) {
          throw new HttpError(
            409,
            'newer_claim_pending',
            'This account has another claim waiting for a decision. Decide that one instead.',
          );
        }
        // An athlete added since the claim (an import) is linked now.
        athleteId ??= athleteIdByName(db, row.requested_name);
        if (verifiedElsewhere(db, row.requested_name, athleteId, row.submitter_sub)) throw NAME_TAKEN();
      }
      const at = now.toISOString();
      db.prepare(
        'UPDATE name_submissions SET status = ?, athlete_id = ?, decided_by = ?, decided_at = ? WHERE id = ?',
      ).run(status, athleteId, decidedBy, at, id);
      logDecision(db, { subject: 'name_claim', subjectId: id, from: row.status, to: status, by: decidedBy, at });
      return { kind: 'decided', claim: claimWithDecisions(db, claimById(db, id)!) };
    })
    .immediate();
}

/**
 * The demo account whose name is verified from the start (docs/features/sign-in.md).
 * Idempotent: run at every start, it adds the approved claim only when the
 * account has none, and never takes a name another account holds.
 */
export function seedVerifiedDemoNames(
  db: Db,
  accounts: readonly { sub: string; email: string; name: string; verifiedAthleteName?: string | undefined }[],
  now = new Date(),
): number {
  let added = 0;
  for (const account of accounts) {
    const name = account.verifiedAthleteName;
    if (!name) continue;
    db.transaction(() => {
      if (nameStatusOf(db, account.sub).status === 'verified') return;
      const athleteId = athleteIdByName(db, name);
      if (verifiedElsewhere(db, name, athleteId, account.sub)) return;
      // A claim still waiting would block the approved one: the seed decides it.
      db.prepare(
        `UPDATE name_submissions SET status = 'denied', decided_by = 'demo seed', decided_at = ?
         WHERE submitter_sub = ? AND status = 'pending'`,
      ).run(now.toISOString(), account.sub);
      db.prepare(
        `INSERT INTO name_submissions (requested_name, submitter_sub, submitter_email, submitter_name, submitter_ip,
           athlete_id, status, created_at, decided_by, decided_at)
         VALUES (?, ?, ?, ?, NULL, ?, 'approved', ?, 'demo seed', ?)`,
      ).run(name, account.sub, account.email, account.name, athleteId, now.toISOString(), now.toISOString());
      added++;
    }).immediate();
  }
  return added;
}
