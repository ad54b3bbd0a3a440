import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/association.ts';
import { fromAssociation, type WebhookMessage } from '../jobs/webhook-messages.ts';
import { createHarness } from '../test/harness.ts';
import { writeSettings } from './store.ts';

/** The association's name where people meet it outside the app: the chat messages (the sign-in page: server.test.ts). */

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const done of cleanup.splice(0)) await done();
});

describe("the chat webhook's messages", () => {
  it("are posted under the association's name as it is when the submission is stored", async () => {
    const h = await createHarness({ submissions: { webhook: true } });
    cleanup.push(() => h.close());
    const send = (text: string) =>
      h.request('/api/v1/feedback', {
        method: 'POST',
        headers: { 'Idempotency-Key': randomBytes(16).toString('hex') },
        json: { text },
      });
    expect((await send('before')).status).toBe(201);
    writeSettings(h.db, { ...DEFAULT_SETTINGS, name: 'Baltic Arm Wrestling Federation' }, 'test');
    expect((await send('after')).status).toBe(201);

    const queued = (h.db.prepare('SELECT payload FROM webhook_deliveries ORDER BY id').pluck().all() as string[]).map(
      (p) => JSON.parse(p) as WebhookMessage,
    );
    expect(queued.map((m) => [m.username, m.embeds[0]!.description])).toEqual([
      ['Arm-wrestling Rankings', 'before'],
      ['Baltic Arm Wrestling Federation', 'after'],
    ]);
  });

  it('leave out a name Discord refuses for a webhook, which then posts under its own', () => {
    const message: WebhookMessage = { embeds: [], allowed_mentions: { parse: [] } };
    expect(fromAssociation(message, 'The Discord Arm League')).toEqual(message);
    expect(fromAssociation(message, 'Clyde County Pullers').username).toBeUndefined();
    expect(fromAssociation(message, 'Iron Grip').username).toBe('Iron Grip');
  });
});
