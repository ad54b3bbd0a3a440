import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventListSchema, eventSchema, type EventDraftInput } from '../../shared/events.ts';
import { CONTROL_MESSAGE } from '../../shared/field-rules.ts';
import { grantRole } from '../auth/roles.ts';
import { demoEvents, seedDemoEvents } from '../demo/events.ts';
import { fallbackDocument } from '../rankings/fallback.ts';
import { createHarness } from '../test/harness.ts';
import { CONTROL_VALUES, expectRefused } from '../test/refused-input.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let adminToken: string;
let userToken: string;
const TODAY = '2026-03-10';

beforeEach(async () => {
  h = await createHarness();
  seedDemoEvents(h.db, TODAY);
  grantRole(h.db, 'admin-1', 'admin');
  adminToken = await h.token({ sub: 'admin-1' });
  userToken = await h.token({ sub: 'user-1' });
});
afterEach(() => h.close());

async function list(token?: string) {
  const res = await h.request('/api/v1/events', token ? { token } : {});
  expect(res.status).toBe(200);
  return eventListSchema.parse(await res.json()).events;
}

const draft: EventDraftInput = {
  name: '  Spring Pull  ',
  date: '2026-05-02',
  schedule_start: '10:30 am',
  location: 'Riverside',
  weigh_ins: 'Friday 6 pm\n\n  Saturday 8 am  \n',
  contacts: ['Ann 555-123-4567', ''],
  link: 'https://example.org/spring',
  images: ['/events/table.svg', 'https://cdn.example.org/b.png'],
  status: 'pending',
};

describe('GET /api/v1/events', () => {
  it('lists every event but drafts for visitors and signed-in users', async () => {
    const all = demoEvents(TODAY);
    const events = await list();
    expect(events).toHaveLength(all.length - 1);
    expect(events.some((e) => e.status === 'draft')).toBe(false);
    expect(await list(userToken)).toEqual(events);
    // By date; the featured event 2 with its pictures in order and a livestream.
    expect(events.map((e) => e.date)).toEqual([...events.map((e) => e.date)].sort());
    const featured = events.find((e) => e.id === 2)!;
    expect(featured).toMatchObject({
      name: 'State Armwrestling Championship',
      status: 'confirmed',
      image_url: '/events/arena.svg',
    });
    expect(featured.images).toEqual(['/events/arena.svg', '/events/table.svg', '/events/trophy.svg']);
    expect(featured.youtube_url).toMatch(/^https:\/\/www\.youtube\.com\//);
    expect(featured.date > TODAY).toBe(true);
  });

  it('shows drafts to an admin and a developer', async () => {
    const events = await list(adminToken);
    expect(events.filter((e) => e.status === 'draft').map((e) => e.name)).toEqual(['Westhaven Iron Cup']);
    const adminList = await h.request('/api/v1/admin/events', { token: adminToken });
    expect(eventListSchema.parse(await adminList.json()).events).toEqual(events);
    expect((await h.request('/api/v1/admin/events', { token: userToken })).status).toBe(403);
    grantRole(h.db, 'dev-1', 'dev');
    expect(await list(await h.token({ sub: 'dev-1' }))).toHaveLength(events.length);
  });

  it('has a strong ETag and no-cache: 304 when unchanged, a new tag after an edit', async () => {
    const first = await h.request('/api/v1/events');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await h.request('/api/v1/events', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const put = await h.request('/api/v1/events/1', {
      method: 'PUT',
      token: adminToken,
      json: { ...draft, status: 'confirmed' },
    });
    expect(put.status).toBe(200);
    const changed = await h.request('/api/v1/events', { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});

describe('POST and PUT /api/v1/events', () => {
  it('creates an event from a full draft and answers it, trimmed, lines split and blank lines dropped', async () => {
    const res = await h.request('/api/v1/events', { method: 'POST', token: adminToken, json: draft });
    expect(res.status).toBe(201);
    const event = eventSchema.parse(await res.json());
    expect(event).toMatchObject({
      name: 'Spring Pull',
      date: '2026-05-02',
      weigh_ins: ['Friday 6 pm', 'Saturday 8 am'],
      contacts: ['Ann 555-123-4567'],
      images: ['/events/table.svg', 'https://cdn.example.org/b.png'],
      image_url: '/events/table.svg',
      status: 'pending',
      estimated: false,
      image_position: 'center',
    });
    expect((await list()).find((e) => e.id === event.id)).toEqual(event);
  });

  it('updates an event (a draft disappears from the public list)', async () => {
    const res = await h.request('/api/v1/events/2', {
      method: 'PUT',
      token: adminToken,
      json: { ...draft, status: 'draft' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 2, name: 'Spring Pull', status: 'draft' });
    expect((await list()).some((e) => e.id === 2)).toBe(false);
    const missing = await h.request('/api/v1/events/999', { method: 'PUT', token: adminToken, json: draft });
    expect(missing.status).toBe(404);
  });

  it('answers 400 with field errors for an invalid draft', async () => {
    const res = await h.request('/api/v1/events', {
      method: 'POST',
      token: adminToken,
      json: { name: ' ', date: '03/04/2026', schedule_start: 'noonish', link: 'example.org', status: 'maybe' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(Object.keys(body.error.fields).sort()).toEqual(['date', 'link', 'name', 'schedule_start', 'status']);
    expect(body.error.fields.link).toEqual(['Enter a URL starting with http:// or https://']);
  });

  it('refuses control characters, false dates, non-http links and times without am/pm on create and edit, storing nothing', async () => {
    const before = await list(adminToken);
    const { nul, bell, loneSurrogate } = CONTROL_VALUES;
    const cases: [Partial<EventDraftInput>, string, string][] = [
      [{ name: nul }, 'name', CONTROL_MESSAGE],
      [{ venue: bell }, 'venue', CONTROL_MESSAGE],
      [{ about: loneSurrogate }, 'about', CONTROL_MESSAGE],
      [{ location: 'Riverside\nPark' }, 'location', CONTROL_MESSAGE],
      [{ contacts: ['Ann', `Bo ${nul}`] }, 'contacts.1', CONTROL_MESSAGE],
      [{ date: '2026-02-31' }, 'date', 'Enter a real date as yyyy-mm-dd.'],
      [{ date: '2025-02-29' }, 'date', 'Enter a real date as yyyy-mm-dd.'],
      [{ link: 'javascript:alert(1)' }, 'link', 'Enter a URL starting with http:// or https://'],
      [{ images: ['javascript:alert(1)'] }, 'images.0', 'Enter a URL starting with http:// or https://'],
      [{ schedule_start: '10 am till late' }, 'schedule_start', 'Enter the time with am/pm, e.g. 10:00 am.'],
      [{ schedule_start: '13:00 pm' }, 'schedule_start', 'Enter the time with am/pm, e.g. 10:00 am.'],
    ];
    for (const [bad, field, message] of cases) {
      const created = await h.request('/api/v1/events', {
        method: 'POST',
        token: adminToken,
        json: { ...draft, ...bad },
      });
      await expectRefused(created, field, message);
      const edited = await h.request('/api/v1/events/2', {
        method: 'PUT',
        token: adminToken,
        json: { ...draft, ...bad },
      });
      await expectRefused(edited, field, message);
    }
    expect(await list(adminToken)).toEqual(before);

    // Notes and About keep their lines and tabs; a leap day and '7 pm' are fine.
    const ok = await h.request('/api/v1/events', {
      method: 'POST',
      token: adminToken,
      json: { ...draft, date: '2028-02-29', schedule_start: '7 pm', about: 'Line one\n\tLine two' },
    });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({
      date: '2028-02-29',
      schedule_start: '7 pm',
      about: 'Line one\n\tLine two',
    });
  });

  it('answers 401 without a token and 403 for a non-admin', async () => {
    const none = await h.request('/api/v1/events', { method: 'POST', json: draft });
    expect(none.status).toBe(401);
    const user = await h.request('/api/v1/events', { method: 'POST', token: userToken, json: draft });
    expect(user.status).toBe(403);
    const put = await h.request('/api/v1/events/1', { method: 'PUT', token: userToken, json: draft });
    expect(put.status).toBe(403);
  });
});

describe('demo events and the fallback file', () => {
  it('seeds once, deterministically, and the fallback holds the public events', () => {
    expect(seedDemoEvents(h.db, TODAY)).toBe(0);
    const events = fallbackDocument(h.db).events;
    expect(events.some((e) => e.status === 'draft')).toBe(false);
    expect(events.find((e) => e.id === 2)?.name).toBe('State Armwrestling Championship');
    expect(events.filter((e) => e.date < TODAY).length).toBeGreaterThanOrEqual(8);
    expect(events.some((e) => e.date === TODAY)).toBe(true);
    expect(events.some((e) => e.estimated)).toBe(true);
    expect(events.some((e) => e.status === 'pending')).toBe(true);
  });
});
