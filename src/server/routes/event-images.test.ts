import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grantRole } from '../auth/roles.ts';
import { seedDemoEvents } from '../demo/events.ts';
import type { EventRecord } from '../../shared/event-rules.ts';
import { eventListSchema, type EventDraftInput } from '../../shared/events.ts';
import { MAX_IMAGE_BYTES, SWEEP_MIN_AGE_MS, uploadsDir } from '../events/images.ts';
import { startMaintenance } from '../jobs/maintenance.ts';
import { createHarness } from '../test/harness.ts';
import { JPEG, PNG, WEBP, pngOfSize } from '../test/pictures.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let admin: string;
beforeEach(async () => {
  h = await createHarness();
  seedDemoEvents(h.db, '2026-03-10');
  grantRole(h.db, 'admin-1', 'admin');
  admin = await h.token({ sub: 'admin-1' });
});
afterEach(() => h.close());

function upload(pathname: string, bytes: Uint8Array<ArrayBuffer>, name = 'picture.png', token = admin) {
  const form = new FormData();
  form.set('file', new File([bytes], name, { type: 'image/png' }));
  return h.request(pathname, { method: 'POST', body: form, token });
}
type Images = { images: { id: number; url: string }[] };
const files = () => (fs.existsSync(uploadsDir(h.db)) ? fs.readdirSync(uploadsDir(h.db)) : []);

describe('event images (admin)', () => {
  it('uploads JPEG, PNG and WebP by content, serves them immutable, and lists them in order', async () => {
    const before = ((await (await h.request('/api/v1/events/1/images', { token: admin })).json()) as Images).images;
    expect(before.map((i) => i.url)).toEqual(['/events/table.svg']);
    for (const bytes of [PNG, JPEG, WEBP])
      expect((await upload('/api/v1/events/1/images/upload', bytes, 'x.bin')).status).toBe(201);
    const { images } = (await (await h.request('/api/v1/events/1/images', { token: admin })).json()) as Images;
    expect(images.map((i) => i.url.split('.').pop())).toEqual(['svg', 'png', 'jpg', 'webp']);
    const served = await h.request(images[2]!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(JPEG);
    const event = (
      (await (await h.request('/api/v1/events')).json()) as { events: { id: number; images: string[] }[] }
    ).events.find((e) => e.id === 1)!;
    expect(event.images).toEqual(images.map((i) => i.url));
  });

  it('refuses other content and big files, leaving nothing behind', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await upload('/api/v1/events/1/images/upload', svg, 'fake.png')).status).toBe(415);
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG);
    expect((await upload('/api/v1/events/1/images/upload', big)).status).toBe(413);
    expect(files()).toEqual([]);
    expect((await upload('/api/v1/events/999/images/upload', PNG)).status).toBe(404);
    expect((await upload('/api/v1/events/1/images/upload', PNG, 'a.png', await h.token({ sub: 'u' }))).status).toBe(
      403,
    );
    expect(files()).toEqual([]);
  });

  it('takes a picture only when it decodes whole as the type its first bytes claim, within the pixel limits', async () => {
    const refused = async (bytes: Uint8Array<ArrayBuffer>, status: number, message: string | RegExp) => {
      const res = await upload('/api/v1/events/1/images/upload', bytes);
      expect(res.status).toBe(status);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(status === 413 ? 'payload_too_large' : 'unsupported_media_type');
      expect(body.error.message).toMatch(message);
    };
    const jpegStart = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
    await refused(jpegStart, 415, 'The file is not a JPEG picture that can be read whole.');
    // A real JPEG cut short, and a real PNG with its pixels damaged.
    await refused(JPEG.slice(0, Math.floor(JPEG.length * 0.7)), 415, /not a JPEG picture/);
    const damaged = PNG.slice();
    damaged.fill(0xab, damaged.length - 30, damaged.length - 12);
    await refused(damaged, 415, /not a PNG picture/);
    // A JPEG's bytes behind a PNG's first bytes: the decoder reads no PNG.
    await refused(new Uint8Array([...PNG.slice(0, 8), ...JPEG]), 415, /not a PNG picture/);
    // Too wide, too many pixels, and a header claiming a huge picture with no pixels behind it.
    await refused(
      pngOfSize(8001, 1),
      413,
      'The picture is 8001 x 1 pixels; at most 8000 pixels a side and 40 megapixels are accepted.',
    );
    await refused(pngOfSize(6400, 6400), 413, /6400 x 6400 pixels/);
    await refused(pngOfSize(60000, 60000, true), 413, /60000 x 60000 pixels/);
    expect(files()).toEqual([]);
    // At the side limit and well under the pixel limit: taken.
    expect((await upload('/api/v1/events/1/images/upload', pngOfSize(8000, 2))).status).toBe(201);
  });

  it('replaces (removing the old file), deletes and reorders', async () => {
    const first = (
      (await (await upload('/api/v1/events/1/images/upload', PNG)).json()) as { image: { id: number; url: string } }
    ).image;
    const replaced = await upload(`/api/v1/events/1/images/${first.id}/replace`, JPEG);
    expect(replaced.status).toBe(200);
    const { images } = (await replaced.json()) as Images;
    expect(images[1]).toMatchObject({ id: first.id });
    expect(images[1]!.url).toMatch(/\.jpg$/);
    expect(files()).toHaveLength(1);
    expect((await h.request(first.url)).status).toBe(404);

    const ids = images.map((i) => i.id);
    const bad = await h.request('/api/v1/events/1/images/reorder', {
      method: 'POST',
      token: admin,
      json: { ids: [ids[0]] },
    });
    expect(bad.status).toBe(400);
    const reordered = await h.request('/api/v1/events/1/images/reorder', {
      method: 'POST',
      token: admin,
      json: { ids: [...ids].reverse() },
    });
    expect(((await reordered.json()) as Images).images.map((i) => i.id)).toEqual([...ids].reverse());

    const kept = images.find((i) => i.id === first.id)!.url;
    expect((await h.request(kept)).status).toBe(200);
    const del = await h.request(`/api/v1/events/1/images/${first.id}`, { method: 'DELETE', token: admin });
    expect(((await del.json()) as Images).images.map((i) => i.id)).toEqual([ids[0]]);
    expect(files()).toEqual([]);
    expect((await h.request(kept)).status).toBe(404);
    expect((await h.request(`/api/v1/events/1/images/${first.id}`, { method: 'DELETE', token: admin })).status).toBe(
      404,
    );
    expect(path.basename(uploadsDir(h.db))).toBe('events');
  });

  it('deletes the pictures an edit drops once it has committed, but not one still used as the cover', async () => {
    const urls: string[] = [];
    for (const bytes of [PNG, JPEG]) {
      urls.push(
        ((await (await upload('/api/v1/events/1/images/upload', bytes)).json()) as { image: { url: string } }).image
          .url,
      );
    }
    const [png, jpeg] = urls as [string, string];
    const event = async () => {
      const res = await h.request('/api/v1/events', { token: admin });
      return eventListSchema.parse(await res.json()).events.find((e) => e.id === 1)!;
    };
    const edit = async (change: Partial<EventDraftInput>) => {
      const { id: _id, ...draft }: EventRecord = await event();
      return h.request('/api/v1/events/1', { method: 'PUT', token: admin, json: { ...draft, ...change } });
    };
    // Both leave the list; the PNG stays the cover, so only the JPEG goes.
    expect((await edit({ images: [], image_url: png })).status).toBe(200);
    expect((await h.request(jpeg)).status).toBe(404);
    expect((await h.request(png)).status).toBe(200);
    expect(files()).toEqual([path.basename(png)]);
    expect((await edit({ image_url: null })).status).toBe(200);
    expect((await h.request(png)).status).toBe(404);
    expect(files()).toEqual([]);
  });

  it('keeps the file when the removal fails and is rolled back', async () => {
    const { image } = (await (await upload('/api/v1/events/1/images/upload', PNG)).json()) as {
      image: { id: number; url: string };
    };
    h.db.exec("CREATE TEMP TRIGGER refuse BEFORE DELETE ON event_images BEGIN SELECT RAISE(ABORT, 'refused'); END");
    expect((await h.request(`/api/v1/events/1/images/${image.id}`, { method: 'DELETE', token: admin })).status).toBe(
      500,
    );
    expect((await h.request(image.url)).status).toBe(200);
    expect(files()).toEqual([path.basename(image.url)]);
    h.db.exec('DROP TRIGGER temp.refuse');
    expect((await h.request(`/api/v1/events/1/images/${image.id}`, { method: 'DELETE', token: admin })).status).toBe(
      200,
    );
    expect((await h.request(image.url)).status).toBe(404);
  });

  it('sweeps pictures no row points at when the server starts, sparing young files and referenced ones', async () => {
    const { image } = (await (await upload('/api/v1/events/1/images/upload', PNG)).json()) as {
      image: { url: string };
    };
    const dir = uploadsDir(h.db);
    const orphan = '1-00000000-0000-4000-8000-000000000001.png';
    const young = '1-00000000-0000-4000-8000-000000000002.png';
    const leftover = `.${orphan}.tmp`;
    for (const name of [orphan, young, leftover]) fs.writeFileSync(path.join(dir, name), PNG);
    const old = new Date(Date.now() - SWEEP_MIN_AGE_MS - 60_000);
    for (const name of [orphan, leftover, path.basename(image.url)]) fs.utimesSync(path.join(dir, name), old, old);
    expect((await h.request(`/uploads/events/${orphan}`)).status).toBe(200);

    const stop = startMaintenance(h.db);
    stop();

    expect(files().sort()).toEqual([path.basename(image.url), young].sort());
    expect((await h.request(`/uploads/events/${orphan}`)).status).toBe(404);
    expect((await h.request(image.url)).status).toBe(200);
  });
});
