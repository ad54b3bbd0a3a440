import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTROL_MESSAGE, HTTP_URL_MESSAGE, localToday } from '../../shared/field-rules.ts';
import { SCORE_MESSAGE, SUBMISSION_PATHS, type SubmissionReceipt } from '../../shared/submissions.ts';
import type { WebhookMessage } from '../jobs/webhook-messages.ts';
import { releaseOrphanedClaims } from '../http/idempotency.ts';
import { createHarness } from '../test/harness.ts';
import { CONTROL_VALUES, expectRefused } from '../test/refused-input.ts';

type Harness = Awaited<ReturnType<typeof createHarness>>;
let h: Harness;
afterEach(() => h.close());

const PAYLOADS = {
  supermatch: {
    a: 'Ann Ax',
    b: 'Bo Bell',
    hand: 'RH',
    winner: 'B',
    score: '3-1',
    best_of: 5,
    date: '2025-01-11',
    location: 'Iron Grip Gym',
    weight_a: '181',
    weight_b: '',
    notes: 'Great pull',
    submitter: 'Jo Judge',
    source: 'web',
  },
  feedback: { text: 'Love the leaderboards', name: '' },
  event: { name: 'Spring Open', location: 'Austin, TX', date: '2025-03-01', link: 'https://example.org/spring' },
  club: {
    name: 'Iron Grip',
    city: 'Austin',
    region: 'TX',
    founded: 2012,
    out_of_state: false,
    members_count: 14,
    desc: 'Tuesdays and Thursdays',
    submitter: 'Riley',
  },
} as const;

const TABLES = {
  supermatch: 'supermatch_submissions',
  feedback: 'feedback',
  event: 'event_submissions',
  club: 'club_submissions',
} as const;

let keyCount = 0;
const newKey = () => `key-${++keyCount}-${Math.random().toString(36).slice(2)}`;

function post(
  kind: keyof typeof PAYLOADS,
  json: unknown,
  opts: { key?: string | null; token?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  const key = opts.key === undefined ? newKey() : opts.key;
  if (key !== null) headers['Idempotency-Key'] = key;
  return h.request(SUBMISSION_PATHS[kind], {
    method: 'POST',
    json,
    headers,
    ...(opts.token ? { token: opts.token } : {}),
  });
}

const rows = (table: string) => h.db.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Record<string, unknown>[];
const keyRows = () => h.db.prepare('SELECT * FROM idempotency_keys').all() as Record<string, unknown>[];

describe('POST submissions', () => {
  it('each endpoint stores one row and answers 201 with a receipt', async () => {
    h = await createHarness();
    for (const kind of ['supermatch', 'feedback', 'event', 'club'] as const) {
      const res = await post(kind, PAYLOADS[kind]);
      expect(res.status, kind).toBe(201);
      const receipt = (await res.json()) as SubmissionReceipt;
      const stored = rows(TABLES[kind]);
      expect(stored, kind).toHaveLength(1);
      expect(receipt).toEqual({
        id: stored[0]!.id,
        kind,
        status: kind === 'feedback' ? 'received' : 'pending',
        created_at: stored[0]!.created_at,
      });
      expect(stored[0]).toMatchObject({ submitter_ip: 'unknown', submitter_sub: null, submitter_email: null });
      if (kind !== 'feedback') expect(stored[0]!.status).toBe('pending');
    }
    expect(rows('supermatch_submissions')[0]).toMatchObject({
      a_name: 'Ann Ax',
      b_name: 'Bo Bell',
      hand: 'RH',
      winner: 'B',
      score: '3-1',
      best_of: 5,
      date: '2025-01-11',
      weight_a: 181,
      weight_b: null,
      submitter: 'Jo Judge',
      source: 'web',
      decided_by: null,
      rating_effects: null,
    });
    expect(rows('feedback')[0]).toMatchObject({ text: 'Love the leaderboards', name: 'Anonymous' });
    expect(rows('club_submissions')[0]).toMatchObject({
      founded: 2012,
      out_of_state: 0,
      description: 'Tuesdays and Thursdays',
    });
    // No webhook configured: nothing queued.
    expect(rows('webhook_deliveries')).toEqual([]);
  });

  it("a supermatch result without a date is accepted and recorded on the server's date of that day", async () => {
    h = await createHarness({ submissions: { webhook: true } });
    const { date: _date, ...undated } = PAYLOADS.supermatch;
    const res = await post('supermatch', undated);
    expect(res.status).toBe(201);
    const today = localToday();
    expect(rows('supermatch_submissions')[0]).toMatchObject({ a_name: 'Ann Ax', date: today });
    const message = JSON.parse(rows('webhook_deliveries')[0]!.payload as string) as WebhookMessage;
    expect(message.embeds[0]!.fields).toContainEqual({ name: 'Date', value: today, inline: true });
    // Only competitors, hand and winner are required; a date that is given keeps its rules.
    const minimal = await post('supermatch', { a: 'Cy Cole', b: 'Di Dunn', hand: 'LH', winner: 'A' });
    expect(minimal.status).toBe(201);
    expect(rows('supermatch_submissions')[1]).toMatchObject({ a_name: 'Cy Cole', date: today, submitter: 'Anonymous' });
    const future = await post('supermatch', { ...undated, date: '2999-01-01' });
    expect(future.status).toBe(400);
    expect(((await future.json()) as { error: { fields: Record<string, string[]> } }).error.fields.date).toEqual([
      'The date cannot be in the future.',
    ]);
  });

  it('the same key with the same body stores once and replays the first answer', async () => {
    h = await createHarness();
    const key = newKey();
    const first = await post('club', PAYLOADS.club, { key });
    const second = await post('club', PAYLOADS.club, { key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(rows('club_submissions')).toHaveLength(1);
    expect(keyRows()).toMatchObject([{ key, route: SUBMISSION_PATHS.club, state: 'done', response_status: 201 }]);
    // Keys are per route: the same key on another form is a new submission.
    expect((await post('feedback', PAYLOADS.feedback, { key })).status).toBe(201);
  });

  it('the same key with another body is refused with 422', async () => {
    h = await createHarness();
    const key = newKey();
    await post('club', PAYLOADS.club, { key });
    const res = await post('club', { ...PAYLOADS.club, city: 'Dallas' }, { key });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
    expect(rows('club_submissions')).toHaveLength(1);
  });

  it('a missing or malformed Idempotency-Key is a 400 naming the header', async () => {
    h = await createHarness();
    for (const key of [null, '', 'has space', 'x'.repeat(201), 'é']) {
      const res = await post('feedback', PAYLOADS.feedback, { key });
      expect(res.status, String(key)).toBe(400);
      const body = (await res.json()) as { error: { code: string; fields: Record<string, string[]> } };
      expect(body.error.fields['Idempotency-Key']).toHaveLength(1);
    }
    expect(rows('feedback')).toEqual([]);
    expect((await post('feedback', PAYLOADS.feedback, { key: 'A_b-9'.repeat(40) })).status).toBe(201);
  });

  it('answers 409 with Retry-After while the first request with the key is still processing', async () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    let clock = now;
    h = await createHarness({ submissions: { now: () => clock } });
    const key = newKey();
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(JSON.stringify(PAYLOADS.feedback)).digest('hex');
    h.db
      .prepare(
        "INSERT INTO idempotency_keys (route, key, body_hash, state, created_at) VALUES (?, ?, ?, 'processing', ?)",
      )
      .run(SUBMISSION_PATHS.feedback, key, hash, new Date(now - 1000).toISOString());
    const res = await post('feedback', PAYLOADS.feedback, { key });
    expect(res.status).toBe(409);
    expect(res.headers.get('Retry-After')).toBe('1');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('request_in_progress');
    expect(rows('feedback')).toEqual([]);
    // A claim abandoned by a dead process goes stale and is taken over.
    clock = now + 120_000;
    const retry = await post('feedback', PAYLOADS.feedback, { key });
    expect(retry.status).toBe(201);
    expect(rows('feedback')).toHaveLength(1);
  });

  it('a restarted server releases the claims of the process that died, so the retry is stored at once', async () => {
    h = await createHarness();
    const key = newKey();
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(JSON.stringify(PAYLOADS.feedback)).digest('hex');
    h.db
      .prepare(
        "INSERT INTO idempotency_keys (route, key, body_hash, state, created_at) VALUES (?, ?, ?, 'processing', ?)",
      )
      .run(SUBMISSION_PATHS.feedback, key, hash, new Date().toISOString());
    expect(releaseOrphanedClaims(h.db)).toBe(1);
    const retry = await post('feedback', PAYLOADS.feedback, { key });
    expect(retry.status).toBe(201);
    expect(rows('feedback')).toHaveLength(1);
  });

  it('bad bodies are 400 with field messages, and free the key for a corrected body', async () => {
    h = await createHarness();
    const key = newKey();
    const res = await post('supermatch', { ...PAYLOADS.supermatch, score: '3-3' }, { key });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string[]> } };
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.fields.score).toEqual([SCORE_MESSAGE]);
    expect(SCORE_MESSAGE).toBe('Enter number-number eg. 3-2');

    const missing = await post('club', { name: 'X', city: ' ', region: '' });
    expect(Object.keys(((await missing.json()) as { error: { fields: object } }).error.fields).sort()).toEqual([
      'city',
      'region',
    ]);
    expect((await post('feedback', { text: '   ' })).status).toBe(400);
    expect((await post('event', { name: 'E', location: 'L', date: '2999-01-01' })).status).toBe(400);
    expect((await post('supermatch', { ...PAYLOADS.supermatch, b: 'ann ax' })).status).toBe(400);
    const notJson = await h.request(SUBMISSION_PATHS.feedback, {
      method: 'POST',
      body: '{nope',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey() },
    });
    expect(notJson.status).toBe(400);
    for (const table of Object.values(TABLES)) expect(rows(table), table).toEqual([]);
    expect(keyRows()).toEqual([]);

    const fixed = await post('supermatch', PAYLOADS.supermatch, { key });
    expect(fixed.status).toBe(201);
  });

  it('control characters, false dates and non-http links are 400 naming the field, and nothing is stored', async () => {
    h = await createHarness();
    const { nul, bell, loneSurrogate } = CONTROL_VALUES;
    const cases: [keyof typeof PAYLOADS, Record<string, unknown>, string, string][] = [
      ['supermatch', { a: nul }, 'a', CONTROL_MESSAGE],
      ['supermatch', { location: bell }, 'location', CONTROL_MESSAGE],
      ['supermatch', { notes: loneSurrogate }, 'notes', CONTROL_MESSAGE],
      ['supermatch', { submitter: 'Jo\nJudge' }, 'submitter', CONTROL_MESSAGE],
      ['supermatch', { date: '2025-02-29' }, 'date', 'Pick a real date.'],
      ['feedback', { text: `Hi ${nul}` }, 'text', CONTROL_MESSAGE],
      ['feedback', { name: loneSurrogate }, 'name', CONTROL_MESSAGE],
      ['event', { name: bell }, 'name', CONTROL_MESSAGE],
      ['event', { details: loneSurrogate }, 'details', CONTROL_MESSAGE],
      ['event', { date: '2025-02-31' }, 'date', 'Pick a real date.'],
      ['event', { link: 'javascript:alert(1)' }, 'link', HTTP_URL_MESSAGE],
      ['club', { city: nul }, 'city', CONTROL_MESSAGE],
      ['club', { leaders: `Ann${bell}` }, 'leaders', CONTROL_MESSAGE],
      ['club', { website: 'javascript:alert(1)' }, 'website', HTTP_URL_MESSAGE],
      ['club', { image_url: 'javascript:alert(1)' }, 'image_url', HTTP_URL_MESSAGE],
    ];
    for (const [kind, bad, field, message] of cases) {
      await expectRefused(await post(kind, { ...PAYLOADS[kind], ...bad }), field, message);
    }
    for (const table of Object.values(TABLES)) expect(rows(table), table).toEqual([]);
    expect(keyRows()).toEqual([]);

    // Notes and feedback keep their lines; a club's website is an http(s) address.
    expect((await post('feedback', { text: 'Line one\n\tLine two' })).status).toBe(201);
    expect((await post('club', { ...PAYLOADS.club, website: 'https://irongrip.example' })).status).toBe(201);
    expect(rows('club_submissions')[0]).toMatchObject({ website: 'https://irongrip.example' });
  });

  it('takes the IP from X-Forwarded-For only with TRUST_PROXY, never from the body', async () => {
    const xff = { 'X-Forwarded-For': '203.0.113.7, 10.0.0.1' };
    h = await createHarness();
    await post('feedback', { ...PAYLOADS.feedback, submitter_ip: '6.6.6.6' }, { headers: xff });
    expect(rows('feedback')[0]!.submitter_ip).toBe('unknown');
    h.close();

    h = await createHarness({ submissions: { trustProxy: true } });
    await post('feedback', { ...PAYLOADS.feedback, submitter_ip: '6.6.6.6' }, { headers: xff });
    await post('feedback', PAYLOADS.feedback, { headers: { 'X-Forwarded-For': 'not-an-ip' } });
    expect(rows('feedback').map((r) => r.submitter_ip)).toEqual(['203.0.113.7', 'unknown']);
  });

  it('rate-limits new submissions per IP with 429 and Retry-After; replays still pass', async () => {
    let clock = Date.parse('2025-06-01T12:00:00Z');
    h = await createHarness({
      submissions: { trustProxy: true, rateLimit: { limit: 2, windowSeconds: 60 }, now: () => clock },
    });
    const ip = { 'X-Forwarded-For': '198.51.100.1' };
    const firstKey = newKey();
    expect((await post('feedback', PAYLOADS.feedback, { key: firstKey, headers: ip })).status).toBe(201);
    expect((await post('event', PAYLOADS.event, { headers: ip })).status).toBe(201);
    const limited = await post('club', PAYLOADS.club, { headers: ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('30');
    expect(((await limited.json()) as { error: { code: string } }).error).toEqual({
      code: 'rate_limited',
      message: 'Too many submissions from your connection. Try again in 30 seconds.',
    });
    expect(rows('club_submissions')).toEqual([]);

    // The outbox retrying an answered request is never locked out, and does not spend budget.
    const replay = await post('feedback', PAYLOADS.feedback, { key: firstKey, headers: ip });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    // Another IP has its own bucket.
    expect((await post('club', PAYLOADS.club, { headers: { 'X-Forwarded-For': '198.51.100.2' } })).status).toBe(201);

    clock += 29_000;
    expect((await post('club', PAYLOADS.club, { headers: ip })).status).toBe(429);
    clock += 1_000;
    expect((await post('club', PAYLOADS.club, { headers: ip })).status).toBe(201);
    expect((await post('club', PAYLOADS.club, { headers: ip })).status).toBe(429);
  });

  it('records a valid token’s subject and e-mail, and ignores an invalid token', async () => {
    h = await createHarness();
    const good = await h.token({ sub: 'user-42', email: 'jordan@example.org' });
    const expired = await h.token({ sub: 'user-43' }, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    expect((await post('supermatch', PAYLOADS.supermatch, { token: good })).status).toBe(201);
    expect((await post('supermatch', PAYLOADS.supermatch, { token: expired })).status).toBe(201);
    expect((await post('supermatch', PAYLOADS.supermatch, { token: 'not.a.token' })).status).toBe(201);
    expect(rows('supermatch_submissions').map((r) => [r.submitter_sub, r.submitter_email])).toEqual([
      ['user-42', 'jordan@example.org'],
      [null, null],
      [null, null],
    ]);
  });

  it('with a webhook configured, queues one chat message per stored submission', async () => {
    h = await createHarness({ submissions: { webhook: true, trustProxy: true } });
    const key = newKey();
    const headers = { 'X-Forwarded-For': '192.0.2.9' };
    await post('club', PAYLOADS.club, { key, headers });
    await post('club', PAYLOADS.club, { key, headers }); // a replay queues nothing more
    await post('supermatch', PAYLOADS.supermatch, { headers });
    await post('event', PAYLOADS.event, { headers });
    await post('feedback', { text: 'Hi @everyone' }, { headers });
    const queued = rows('webhook_deliveries');
    expect(queued.map((r) => r.kind)).toEqual(['club', 'supermatch', 'event', 'feedback']);
    expect(queued.every((r) => r.attempts === 0 && r.delivered_at === null)).toBe(true);
    const [club, supermatch, event, feedback] = queued.map((r) => JSON.parse(r.payload as string) as WebhookMessage);
    expect(club!.embeds[0]).toMatchObject({
      title: 'Club Submission',
      description: '**Iron Grip**\nAustin, TX',
      footer: { text: 'Submitted by Riley · IP 192.0.2.9' },
    });
    expect(club!.embeds[0]!.fields).toEqual(
      expect.arrayContaining([
        { name: 'Founded', value: '2012', inline: true },
        { name: 'Out of state', value: 'No', inline: true },
        { name: 'Members', value: '14', inline: true },
        { name: 'Description', value: 'Tuesdays and Thursdays', inline: false },
      ]),
    );
    expect(club!.allowed_mentions).toEqual({ parse: [] });
    expect(supermatch!.embeds[0]!.title).toBe('Supermatch Submission');
    expect(supermatch!.embeds[0]!.description).toBe('**Bo Bell** beat **Ann Ax** 3-1 (Right Hand)');
    expect(JSON.stringify(supermatch)).not.toContain('192.0.2.9');
    expect(event!.embeds[0]).toMatchObject({
      title: 'Event Submission',
      description: '**Spring Open**\n2025-03-01 · Austin, TX',
    });
    expect(feedback!.embeds[0]).toMatchObject({
      title: 'Feedback',
      description: 'Hi @everyone',
      footer: { text: 'Submitted by Anonymous · IP 192.0.2.9' },
    });
  });

  it('stores the row, the chat message and the key together or not at all', async () => {
    h = await createHarness({ submissions: { webhook: true } });
    h.db.exec('DROP TABLE webhook_deliveries'); // the enqueue, last step of the transaction, now fails
    // The server log gets one error line (request-log.ts), here kept off the test output.
    const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const key = newKey();
    const res = await post('club', PAYLOADS.club, { key });
    expect(quiet).toHaveBeenCalledOnce();
    quiet.mockRestore();
    expect(res.status).toBe(500);
    expect(rows('club_submissions')).toEqual([]);
    expect(keyRows()).toEqual([]);
  });
});
