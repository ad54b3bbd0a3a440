import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  AthleteImages,
  AthleteImageUploadAnswer,
  PublicAthleteImages,
} from '../../shared/answers/supermatches.ts';
import { grantRole } from '../auth/roles.ts';
import { MAX_IMAGE_BYTES, uploadsDir } from '../events/images.ts';
import { createHarness } from '../test/harness.ts';
import { JPEG, PNG } from '../test/pictures.ts';

let h: Awaited<ReturnType<typeof createHarness>>;
let admin: string;
beforeEach(async () => {
  h = await createHarness();
  grantRole(h.db, 'admin-1', 'admin');
  grantRole(h.db, 'dev-1', 'dev');
  admin = await h.token({ sub: 'admin-1' });
});
afterEach(() => h.close());

function upload(
  fields: { name?: string; kind?: string },
  bytes: Uint8Array<ArrayBuffer> = PNG,
  token: string | null = admin,
) {
  const form = new FormData();
  form.set('file', new File([bytes], 'portrait.png', { type: 'image/png' }));
  if (fields.name !== undefined) form.set('name', fields.name);
  if (fields.kind !== undefined) form.set('kind', fields.kind);
  return h.request('/api/v1/athlete-images/upload', { method: 'POST', body: form, ...(token ? { token } : {}) });
}
const crops = (body: unknown, token = admin) =>
  h.request('/api/v1/athlete-images/crops', { method: 'POST', token, json: body });
const files = () => (fs.existsSync(uploadsDir(h.db, 'athletes')) ? fs.readdirSync(uploadsDir(h.db, 'athletes')) : []);

async function configs(names: string, token = admin) {
  const res = await h.request(`/api/v1/athlete-images?names=${encodeURIComponent(names)}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as AthleteImages).athlete_image_configs;
}

describe('athlete images', () => {
  it('an admin uploads a portrait checked by content; it is served immutable and replaces the old file', async () => {
    const res = await upload({ name: 'Al Able', kind: 'left' });
    expect(res.status).toBe(201);
    const first = (await res.json()) as AthleteImageUploadAnswer;
    expect(first.url).toMatch(/^\/uploads\/athletes\/\d+-[0-9a-f-]{36}\.png$/);
    expect(first.athlete_image_configs['Al Able']).toMatchObject({ left_url: first.url, right_url: null });
    const served = await h.request(first.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    // Another spelling of the same name, the same side: the new picture replaces the old one, file and all.
    const second = (await (await upload({ name: 'al able', kind: 'left' }, JPEG)).json()) as AthleteImageUploadAnswer;
    expect(second.url).toMatch(/\.jpg$/);
    expect(files()).toEqual([second.url.split('/').pop()]);
    expect((await h.request(first.url)).status).toBe(404);
    expect((await configs('AL ABLE'))['AL ABLE']!.left_url).toBe(second.url);
  });

  it('refuses other content, big files, missing fields and non-admins, leaving nothing behind', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await upload({ name: 'Al Able', kind: 'left' }, svg)).status).toBe(415);
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG);
    expect((await upload({ name: 'Al Able', kind: 'left' }, big)).status).toBe(413);
    const noSide = await upload({ name: 'Al Able', kind: 'top' });
    expect(noSide.status).toBe(400);
    expect(await noSide.json()).toMatchObject({ error: { fields: { kind: [expect.any(String)] } } });
    expect((await upload({ kind: 'left' })).status).toBe(400);
    expect((await upload({ name: 'Al Able', kind: 'left' }, PNG, null)).status).toBe(401);
    expect((await upload({ name: 'Al Able', kind: 'left' }, PNG, await h.token({ sub: 'visitor' }))).status).toBe(403);
    expect(files()).toEqual([]);
  });

  it('saves one side’s crop; a crop out of range is 400 and changes nothing', async () => {
    const ok = await crops({ name: 'Bo Bell', right_crop: { scale: 2.5, object_position: { x: -20, y: 80 } } });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as AthleteImages).athlete_image_configs['Bo Bell']).toEqual({
      left_url: null,
      right_url: null,
      left_crop: { scale: 0.9, object_position: { x: 120, y: 0 } },
      right_crop: { scale: 2.5, object_position: { x: -20, y: 80 } },
    });
    for (const scale of [0.2, 6.5]) {
      const res = await crops({ name: 'Bo Bell', right_crop: { scale, object_position: { x: 0, y: 0 } } });
      expect(res.status).toBe(400);
    }
    expect((await crops({ name: 'Bo Bell' })).status).toBe(400);
    expect(
      (
        await crops({
          name: 'Bo Bell',
          left_crop: { scale: 1, object_position: { x: 0, y: 0 } },
          right_crop: { scale: 1, object_position: { x: 0, y: 0 } },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await crops(
          { name: 'Bo Bell', left_crop: { scale: 1, object_position: { x: 0, y: 0 } } },
          await h.token({ sub: 'v' }),
        )
      ).status,
    ).toBe(403);
    expect((await configs('Bo Bell'))['Bo Bell']!.right_crop.scale).toBe(2.5);
  });

  it('the full settings are for admins and developers; the public answer is a headshot per name', async () => {
    await upload({ name: 'Al Able', kind: 'right' });
    expect((await h.request('/api/v1/athlete-images?names=Al%20Able')).status).toBe(401);
    expect(
      (await h.request('/api/v1/athlete-images?names=Al%20Able', { token: await h.token({ sub: 'v' }) })).status,
    ).toBe(403);
    const dev = await configs('Al Able', await h.token({ sub: 'dev-1' }));
    expect(dev['Al Able']!.right_url).toMatch(/^\/uploads\/athletes\//);

    const res = await h.request('/api/v1/athlete-images/public?names=Al%20Able,%20Nobody%20Here');
    expect(res.status).toBe(200);
    expect(((await res.json()) as PublicAthleteImages).athlete_image_configs).toEqual({
      'Al Able': { headshot_url: dev['Al Able']!.right_url },
      'Nobody Here': { headshot_url: null },
    });
    const etag = res.headers.get('etag')!;
    const again = await h.request('/api/v1/athlete-images/public?names=Al%20Able,%20Nobody%20Here', {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    expect((await h.request('/api/v1/athlete-images/public?names=')).status).toBe(400);
  });
});
