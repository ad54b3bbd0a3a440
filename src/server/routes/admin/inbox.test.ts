import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InboxItem } from '../../../shared/inbox.ts';
import { SUBMISSION_PATHS, type SubmissionKind } from '../../../shared/submissions.ts';
import { grantRole } from '../../auth/roles.ts';
import { createHarness } from '../../test/harness.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let admin: string;
let t = Date.parse('2026-01-01T10:00:00Z');
beforeEach(async () => {
  // A clock that moves a minute per submission, so "newest first" is observable.
  h = await createHarness({ submissions: { now: () => (t += 60_000) } });
  grantRole(h.db, 'admin@example.test', 'admin');
  admin = await h.token({ sub: 'admin-1', email: 'admin@example.test' });
});
afterEach(() => h.close());

let keys = 0;
async function submit(kind: SubmissionKind, json: Record<string, unknown>) {
  const res = await h.request(SUBMISSION_PATHS[kind], { method: 'POST', json, headers: { 'Idempotency-Key': `i-${++keys}` } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
const inbox = async (query = '') => {
  const res = await h.request(`/api/v1/admin/inbox${query}`, { token: admin });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: InboxItem[] }).items;
};

describe('the admin inbox', () => {
  it('lists events, clubs and feedback newest first, by kind or all together', async () => {
    await submit('event', { name: 'Fall Open', location: 'Austin, TX', date: '2025-10-01', details: 'Two tables', submitter: 'Jo' });
    await submit('feedback', { text: 'More classes please', name: '' });
    await submit('club', { name: 'Iron Grip', city: 'Austin', region: 'TX', desc: 'Tuesdays', out_of_state: false });

    expect((await inbox()).map((i) => i.kind)).toEqual(['club', 'feedback', 'event']);
    const [event] = await inbox('?kind=event');
    expect(event).toMatchObject({
      kind: 'event',
      name: 'Fall Open',
      location: 'Austin, TX',
      date: '2025-10-01',
      details: 'Two tables',
      link: null,
      submitter: 'Jo',
      handled_at: null,
    });
    expect(await inbox('?kind=feedback')).toEqual([
      expect.objectContaining({ kind: 'feedback', text: 'More classes please', submitter: 'Anonymous' }),
    ]);
    expect(await inbox('?kind=club')).toEqual([
      expect.objectContaining({ kind: 'club', name: 'Iron Grip', desc: 'Tuesdays', out_of_state: false, founded: null }),
    ]);
    expect((await h.request('/api/v1/admin/inbox?kind=supermatch', { token: admin })).status).toBe(400);
  });

  it('marks an item handled (who and when) and opens it again', async () => {
    const id = await submit('feedback', { text: 'Nice', name: 'Sam' });
    const mark = (handled: unknown, kind = 'feedback', itemId = id) =>
      h.request(`/api/v1/admin/inbox/${kind}/${itemId}/handled`, { method: 'POST', token: admin, json: { handled } });

    const done = (await (await mark(true)).json()) as { item: InboxItem };
    expect(done.item).toMatchObject({ id, handled_by: 'admin@example.test' });
    expect(done.item.handled_at).toMatch(/^2026-|^\d{4}-/);
    expect((await inbox())[0]!.handled_at).toBe(done.item.handled_at);
    const reopened = (await (await mark(false)).json()) as { item: InboxItem };
    expect(reopened.item).toMatchObject({ handled_at: null, handled_by: null });

    expect((await mark(true, 'event')).status).toBe(404);
    expect((await mark('yes')).status).toBe(400);
    expect((await mark(true, 'nothing')).status).toBe(400);
    expect((await h.request(`/api/v1/admin/inbox/feedback/${id}/handled`, { method: 'POST', json: { handled: true } })).status).toBe(401);
    const user = await h.token({ sub: 'user-1' });
    expect((await h.request('/api/v1/admin/inbox', { token: user })).status).toBe(403);
  });
});
