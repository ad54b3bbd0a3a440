import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantRole } from '../auth/roles.ts';
import { seedVerifiedDemoNames } from '../names/name-claims.ts';
import { CONTROL_MESSAGE, HTTP_URL_MESSAGE } from '../../shared/field-rules.ts';
import { createHarness } from '../test/harness.ts';
import { CONTROL_VALUES, expectRefused } from '../test/refused-input.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let jordan: string;
let casey: string;
let admin: string;
let dev: string;
beforeEach(async () => {
  h = await createHarness();
  h.db.prepare("INSERT INTO athletes (name, sex) VALUES ('Jordan Reyes', 'M'), ('Casey Morrow', 'F')").run();
  grantRole(h.db, 'admin@example.test', 'admin');
  grantRole(h.db, 'dev-1', 'dev');
  jordan = await h.token({ sub: 'jordan', email: 'jordan@example.test', name: 'Jordan R' });
  casey = await h.token({ sub: 'casey', email: 'casey@example.test' });
  admin = await h.token({ sub: 'admin-1', email: 'admin@example.test' });
  dev = await h.token({ sub: 'dev-1' });
});
afterEach(() => h.close());

const status = async (token: string): Promise<unknown> => (await h.request('/api/v1/me/name-status', { token })).json();
const profile = async (token: string): Promise<unknown> => (await h.request('/api/v1/me/profile', { token })).json();
const claim = (token: string, requested_name: unknown) =>
  h.request('/api/v1/name-submissions', { method: 'POST', token, json: { requested_name } });
const decide = (token: string, id: number, s: string) =>
  h.request(`/api/v1/admin/name-submissions/${id}/status`, { method: 'POST', token, json: { status: s } });
const list = async (token: string, query = '') =>
  (
    (await (await h.request(`/api/v1/admin/name-submissions${query}`, { token })).json()) as {
      name_submissions: { id: number; status: string; athleteName: string }[];
    }
  ).name_submissions;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe('name verification, the athlete side', () => {
  it('starts never submitted, and the /me endpoints need a sign-in', async () => {
    expect(await status(jordan)).toEqual({
      status: 'never_submitted',
      athlete_name: null,
      pending_requested_name: null,
    });
    expect(await profile(jordan)).toEqual({ name_locked: false, athlete_name: null, pending_requested_name: null });
    for (const path of ['/api/v1/me/name-status', '/api/v1/me/profile']) {
      expect((await h.request(path)).status).toBe(401);
    }
    expect((await claim('', 'Jordan Reyes')).status).toBe(401);
  });

  it('a claim is trimmed and pending; a second one while pending is a 409', async () => {
    const res = await claim(jordan, '  Jordan   Reyes ');
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ status: 'pending', athlete_name: null, pending_requested_name: 'Jordan Reyes' });
    expect(await profile(jordan)).toEqual({
      name_locked: false,
      athlete_name: null,
      pending_requested_name: 'Jordan Reyes',
    });

    const again = await claim(jordan, 'Someone Else');
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({
      code: 'claim_pending',
      message: expect.stringContaining('already have a name waiting for approval: Jordan Reyes') as unknown,
    });
    expect((await list(admin)).map((c) => c.athleteName)).toEqual(['Jordan Reyes']);
  });

  it('refuses an empty, blank, too long or missing name with a 400 and field errors', async () => {
    for (const bad of ['', '   ', 'x'.repeat(121), 42, undefined]) {
      const res = await claim(jordan, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(((await res.json()) as { error: { fields: object } }).error.fields).toHaveProperty('requested_name');
    }
    expect((await claim(jordan, 'x'.repeat(120))).status).toBe(201);
  });

  it('refuses control characters in the name or the evidence and links that are not http(s), storing nothing', async () => {
    const { nul, bell, loneSurrogate } = CONTROL_VALUES;
    for (const bad of [nul, bell, loneSurrogate])
      await expectRefused(await claim(jordan, bad), 'requested_name', CONTROL_MESSAGE);
    const send = (json: object) => h.request('/api/v1/name-submissions', { method: 'POST', token: jordan, json });
    await expectRefused(
      await send({ requested_name: 'Jordan Reyes', evidence_summary: `Club ${nul}` }),
      'evidence_summary',
      CONTROL_MESSAGE,
    );
    await expectRefused(
      await send({ requested_name: 'Jordan Reyes', evidence_links: ['javascript:alert(1)'] }),
      'evidence_links.0',
      HTTP_URL_MESSAGE,
    );
    expect(h.db.prepare('SELECT COUNT(*) FROM name_submissions').pluck().get()).toBe(0);
    const ok = await send({ requested_name: 'Jordan Reyes', evidence_summary: 'Club photo.\nResults page.' });
    expect(ok.status).toBe(201);
  });

  it('approval verifies and locks the name for good: any further claim is a 409', async () => {
    await claim(jordan, 'jordan reyes');
    const [pending] = await list(admin, '?status=pending');
    const res = await decide(admin, pending!.id, 'approved');
    expect(res.status).toBe(200);
    const { name_submission } = (await res.json()) as { name_submission: Record<string, unknown> };
    expect(name_submission).toEqual({
      id: pending!.id,
      athleteName: 'Jordan Reyes', // the athlete's own spelling
      athleteId: expect.any(Number) as unknown,
      claimerName: 'Jordan R',
      claimerEmail: 'jordan@example.test',
      submittedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
      ip: 'unknown', // in-process requests have no socket
      evidenceSummary: null,
      evidenceLinks: [],
      status: 'approved',
      decidedBy: 'admin@example.test',
      decidedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as unknown,
      decisions: [
        { from: 'pending', to: 'approved', decided_by: 'admin@example.test', decided_at: name_submission.decidedAt },
      ],
    });

    expect(await status(jordan)).toEqual({
      status: 'verified',
      athlete_name: 'Jordan Reyes',
      pending_requested_name: null,
    });
    expect(await profile(jordan)).toEqual({
      name_locked: true,
      athlete_name: 'Jordan Reyes',
      pending_requested_name: null,
    });

    const after = await claim(jordan, 'Another Name');
    expect(after.status).toBe(409);
    expect(await errorOf(after)).toMatchObject({ code: 'name_already_verified' });
    expect(await status(jordan)).toMatchObject({ status: 'verified', athlete_name: 'Jordan Reyes' });
  });

  it('a denial reads as rejected and unlocks a new claim', async () => {
    await claim(jordan, 'Jordan Reyez');
    const [first] = await list(admin);
    const denied = (await (await decide(admin, first!.id, 'denied')).json()) as { name_submission: object };
    expect(denied.name_submission).toMatchObject({
      status: 'denied',
      decidedBy: 'admin@example.test',
      athleteId: null,
    });
    expect(await status(jordan)).toEqual({ status: 'rejected', athlete_name: null, pending_requested_name: null });
    expect(await profile(jordan)).toMatchObject({ name_locked: false });

    expect((await claim(jordan, 'Jordan Reyes')).status).toBe(201);
    expect(await status(jordan)).toEqual({
      status: 'pending',
      athlete_name: null,
      pending_requested_name: 'Jordan Reyes',
    });
    const [second] = await list(admin, '?status=pending');
    await decide(admin, second!.id, 'approved');
    expect(await status(jordan)).toMatchObject({ status: 'verified', athlete_name: 'Jordan Reyes' });
  });

  it('a name verified to another account is a 409, in any case; a pending one is not', async () => {
    await claim(jordan, 'Casey Morrow');
    expect((await claim(casey, 'casey morrow')).status).toBe(201); // both waiting: the admin decides
    const claims = await list(admin);
    const caseys = claims.find(
      (c) => c.athleteName === 'Casey Morrow' && c.id === Math.max(...claims.map((x) => x.id)),
    );
    expect((await decide(admin, caseys!.id, 'approved')).status).toBe(200);

    // Jordan's claim on the same name can no longer be approved…
    const jordans = claims.find((c) => c.id !== caseys!.id)!;
    const res = await decide(admin, jordans.id, 'approved');
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: 'name_taken',
      message: 'This name is already verified to another account.',
    });
    // …and once it is denied, claiming the name again is refused at once.
    await decide(admin, jordans.id, 'denied');
    const again = await claim(jordan, 'CASEY  MORROW');
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toMatchObject({ code: 'name_taken' });
  });

  it("one account's claim is never visible to another through /me", async () => {
    await claim(jordan, 'Jordan Reyes');
    expect(await status(casey)).toEqual({
      status: 'never_submitted',
      athlete_name: null,
      pending_requested_name: null,
    });
    expect(await profile(casey)).toEqual({ name_locked: false, athlete_name: null, pending_requested_name: null });
    const [c] = await list(admin);
    await decide(admin, c!.id, 'approved');
    expect(await profile(casey)).toEqual({ name_locked: false, athlete_name: null, pending_requested_name: null });
    // Same e-mail, other subject: still someone else.
    const sameEmail = await h.token({ sub: 'other', email: 'jordan@example.test' });
    expect(await status(sameEmail)).toMatchObject({ status: 'never_submitted' });
  });
});

describe('name verification, the admin side', () => {
  it('lists claims newest first with the account-claim fields, filtered by status', async () => {
    await claim(jordan, 'Jordan Reyes');
    await claim(casey, 'New Person');
    const all = await list(admin);
    expect(all.map((c) => c.athleteName)).toEqual(['New Person', 'Jordan Reyes']);
    expect(all[0]).toMatchObject({
      athleteId: null,
      claimerEmail: 'casey@example.test',
      claimerName: null,
      status: 'pending',
    });
    await decide(admin, all[1]!.id, 'denied');
    expect((await list(admin, '?status=denied')).map((c) => c.athleteName)).toEqual(['Jordan Reyes']);
    expect((await list(admin, '?status=approved')).length).toBe(0);
    expect((await h.request('/api/v1/admin/name-submissions?status=maybe', { token: admin })).status).toBe(400);
  });

  it('answers 403 to a user and a club leader, 401 without a token; a developer may decide', async () => {
    grantRole(h.db, 'leader@example.test', 'club_leader');
    const leader = await h.token({ sub: 'leader', email: 'leader@example.test' });
    await claim(jordan, 'Jordan Reyes');
    const [c] = await list(admin);
    for (const token of [jordan, leader]) {
      expect((await h.request('/api/v1/admin/name-submissions', { token })).status).toBe(403);
      expect((await decide(token, c!.id, 'approved')).status).toBe(403);
    }
    expect((await h.request('/api/v1/admin/name-submissions')).status).toBe(401);
    expect(await status(jordan)).toMatchObject({ status: 'pending' });

    const res = await decide(dev, c!.id, 'approved');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name_submission: { decidedBy: string } }).name_submission.decidedBy).toBe('dev-1');
  });

  it('validates the decision and the id; an unknown claim is a 404', async () => {
    await claim(jordan, 'Jordan Reyes');
    const [c] = await list(admin);
    expect((await decide(admin, c!.id, 'pending')).status).toBe(400);
    expect((await decide(admin, c!.id, 'verified')).status).toBe(400);
    expect(
      (
        await h.request('/api/v1/admin/name-submissions/abc/status', {
          method: 'POST',
          token: admin,
          json: { status: 'approved' },
        })
      ).status,
    ).toBe(400);
    expect((await decide(admin, 9999, 'approved')).status).toBe(404);
  });

  it('deciding what is already so changes nothing; approved and denied can be switched', async () => {
    await claim(jordan, 'Jordan Reyes');
    const [c] = await list(admin);
    const first = (await (await decide(admin, c!.id, 'approved')).json()) as { name_submission: { decidedAt: string } };
    const repeat = (await (await decide(dev, c!.id, 'approved')).json()) as {
      name_submission: { decidedBy: string; decidedAt: string };
    };
    expect(repeat.name_submission).toMatchObject({
      decidedBy: 'admin@example.test',
      decidedAt: first.name_submission.decidedAt,
    });

    await decide(admin, c!.id, 'denied');
    expect(await status(jordan)).toMatchObject({ status: 'rejected' });
    await decide(admin, c!.id, 'approved');
    expect(await status(jordan)).toMatchObject({ status: 'verified', athlete_name: 'Jordan Reyes' });
  });

  it('will not approve an older claim while the account has another one waiting', async () => {
    await claim(jordan, 'Jordan Reyez');
    const [old] = await list(admin);
    await decide(admin, old!.id, 'denied');
    await claim(jordan, 'Jordan Reyes');
    const res = await decide(admin, old!.id, 'approved');
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: 'newer_claim_pending' });
  });

  it('links the athlete at approval when the athlete was added after the claim', async () => {
    await claim(jordan, 'Brand New');
    const [c] = await list(admin);
    h.db.prepare("INSERT INTO athletes (name, sex) VALUES ('Brand New', 'M')").run();
    const res = (await (await decide(admin, c!.id, 'approved')).json()) as {
      name_submission: { athleteId: number | null };
    };
    expect(res.name_submission.athleteId).toEqual(expect.any(Number));
  });
});

describe('name claims: the decision log and concurrent admins', () => {
  it('keeps every decision, and answers 409 with the current state when the claim changed since the admin looked', async () => {
    await claim(jordan, 'Jordan Reyes');
    const [c] = await list(admin);
    const first = await h.request(`/api/v1/admin/name-submissions/${c!.id}/status`, {
      method: 'POST',
      token: admin,
      json: { status: 'approved', expected_status: 'pending' },
    });
    expect(first.status).toBe(200);
    // A second admin still sees it pending, and denies.
    const second = await h.request(`/api/v1/admin/name-submissions/${c!.id}/status`, {
      method: 'POST',
      token: dev,
      json: { status: 'denied', expected_status: 'pending' },
    });
    expect(second.status).toBe(409);
    const body = (await second.json()) as {
      error: { code: string; message: string };
      name_submission: { status: string };
    };
    expect(body.error.code).toBe('status_changed');
    expect(body.error.message).toContain('approved by admin@example.test');
    expect(body.name_submission.status).toBe('approved');
    expect(await status(jordan)).toMatchObject({ status: 'verified' });

    await decide(admin, c!.id, 'denied');
    const res = (await (await h.request('/api/v1/admin/name-submissions', { token: admin })).json()) as {
      name_submissions: { decisions: { from: string; to: string; decided_by: string; decided_at: string }[] }[];
    };
    expect(res.name_submissions[0]!.decisions.map((d) => `${d.from}>${d.to} ${d.decided_by}`)).toEqual([
      'pending>approved admin@example.test',
      'approved>denied admin@example.test',
    ]);
  });
});

describe('the verified demo account', () => {
  const accounts = [
    { sub: 'casey', email: 'casey@example.test', name: 'Casey Morrow', verifiedAthleteName: 'Casey Morrow' },
    { sub: 'jordan', email: 'jordan@example.test', name: 'Jordan Reyes' },
  ];

  it('is seeded as verified once, however often the server starts', async () => {
    expect(seedVerifiedDemoNames(h.db, accounts)).toBe(1);
    expect(seedVerifiedDemoNames(h.db, accounts)).toBe(0);
    expect(await profile(casey)).toEqual({
      name_locked: true,
      athlete_name: 'Casey Morrow',
      pending_requested_name: null,
    });
    expect(await status(jordan)).toMatchObject({ status: 'never_submitted' });
    expect(await list(admin, '?status=approved')).toHaveLength(1);
  });

  it('does not take a name another account already holds', async () => {
    await claim(jordan, 'Casey Morrow');
    const [c] = await list(admin);
    await decide(admin, c!.id, 'approved');
    expect(seedVerifiedDemoNames(h.db, accounts)).toBe(0);
    expect(await status(casey)).toMatchObject({ status: 'never_submitted' });
  });
});
