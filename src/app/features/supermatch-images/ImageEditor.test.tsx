// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client.ts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { provideSessionToken } from '../../lib/api.ts';
import { DEFAULT_CROPS, type Crop } from '../../../shared/supermatches.ts';
import type { SupermatchCard } from '../../../shared/answers/supermatches.ts';
import { IMAGE_UPLOAD_FAILED } from '../../ui/form-messages.ts';
import ImageEditor, { CROP_FAILED, EDITOR_TITLE, type ImageChange } from './ImageEditor.tsx';

// The API client's bearer token, as the signed-in session hands it in (lib/api.ts).
provideSessionToken(() => Promise.resolve('token-1'));
// The cropper needs a real browser (image decoding, layout); here a stand-in reports a framed crop on demand.
const FRAMED: Crop = { scale: 1.5, object_position: { x: 40, y: 20 } };
vi.mock('./CropArea.tsx', () => ({
  default: (p: { label: string; src: string; onCrop: (c: Crop) => void }) => (
    <div role="group" aria-label={p.label} data-src={p.src}>
      <button type="button" onClick={() => p.onCrop(FRAMED)}>
        frame it
      </button>
    </div>
  ),
}));

const CARD: SupermatchCard = {
  id: 'c1',
  a: 'Alex Strong',
  b: 'Billy Bones',
  date: '2030-05-01',
  startTime: '12:00',
  hand: 'RH',
  weightA: null,
  weightB: null,
  location: null,
  eventId: null,
  eventName: null,
  hue: 200,
  priority: 0,
  featured: false,
  bestOf: 5,
  leftImage: '/uploads/athletes/alex-left.png',
  rightImage: null,
  leftCrop: DEFAULT_CROPS.left,
  rightCrop: DEFAULT_CROPS.right,
  aWins: null,
  bWins: null,
};

const CONFIGS = {
  athlete_image_configs: {
    'Alex Strong': {
      left_url: '/uploads/athletes/alex-left.png',
      right_url: null,
      left_crop: DEFAULT_CROPS.left,
      right_crop: DEFAULT_CROPS.right,
    },
  },
};

/** The JSON calls (fetch): each answered by `answer` by method and path. */
let fetches: { method: string; url: string; body: unknown; auth: string | null }[];
let answer: (method: string, url: string) => Promise<Response>;
const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

/** Uploads go by XMLHttpRequest (for progress): a stand-in that the test answers. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(pct: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: pct, total: 100 });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

let saved: ImageChange[];
let closed: number;

beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  fetches = [];
  saved = [];
  closed = 0;
  FakeXhr.sent = [];
  answer = (method, url) =>
    method === 'GET' && url.startsWith('/api/v1/athlete-images?') ? json(200, CONFIGS) : json(500, {});
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      fetches.push({
        method,
        url,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        auth: new Headers(init?.headers).get('Authorization'),
      });
      return answer(method, url);
    }),
  );
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ImageEditor card={CARD} onClose={() => closed++} onSaved={(c) => saved.push(c)} />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const saveCrop = () => screen.getByRole('button', { name: /Save Crop|Saving…/ });
const uploadInput = () => screen.getByLabelText('Upload & Save URL');
const pick = (file: File) => fireEvent.change(uploadInput(), { target: { files: [file] } });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

describe('Edit Supermatch Images', () => {
  it("opens on athlete A's left picture and reads both athletes' stored settings as a signed-in admin", async () => {
    expect(screen.getByRole('dialog', { name: EDITOR_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Left/ })).toBeChecked();
    expect(screen.getByRole('group', { name: 'Crop area: left picture of Alex Strong' })).toHaveAttribute(
      'data-src',
      CARD.leftImage,
    );
    expect(screen.getByText('Zoom 0.90× · position 120% 0%')).toBeInTheDocument();
    expect(await screen.findByText('Stored for Alex Strong: a picture, Zoom 0.90× · position 120% 0%.')).toBeVisible();
    expect(fetches[0]).toMatchObject({
      method: 'GET',
      url: `/api/v1/athlete-images?names=${encodeURIComponent('Alex Strong,Billy Bones')}`,
      auth: 'Bearer token-1',
    });
  });

  it('Right is athlete B: without a picture it asks for one and has nothing to crop', async () => {
    fireEvent.click(screen.getByRole('radio', { name: /Right/ }));
    expect(screen.getByText('No right picture of Billy Bones yet. Upload one to crop it.')).toBeVisible();
    expect(screen.queryByRole('group', { name: /Crop area/ })).toBeNull();
    expect(saveCrop()).toBeDisabled();
    expect(await screen.findByText('Nothing stored for Billy Bones yet.')).toBeVisible();
  });

  it("Save Crop stores the framed crop for that athlete's side and tells the card", async () => {
    fireEvent.click(screen.getByRole('button', { name: 'frame it' }));
    expect(screen.getByText('Zoom 1.50× · position 40% 20%')).toBeInTheDocument();
    let finish!: () => void;
    answer = (method) =>
      method === 'POST'
        ? new Promise((resolve) => (finish = () => resolve(new Response('{"ok":true}', { status: 200 }))))
        : json(200, CONFIGS);
    fireEvent.click(saveCrop());
    await waitFor(() => expect(saveCrop()).toHaveTextContent('Saving…'));
    expect(saveCrop()).toBeDisabled();
    const post = fetches.find((f) => f.method === 'POST')!;
    expect(post).toMatchObject({
      url: '/api/v1/athlete-images/crops',
      body: { name: 'Alex Strong', left_crop: FRAMED },
      auth: 'Bearer token-1',
    });
    expect(saved).toEqual([]);
    act(() => finish());
    await waitFor(() => expect(saved).toEqual([{ name: 'Alex Strong', side: 'left', crop: FRAMED }]));
    expect(saveCrop()).toHaveTextContent('Save Crop');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByText('Stored for Alex Strong: a picture, Zoom 1.50× · position 40% 20%.')).toBeVisible();
  });

  it("a refused crop says 'Failed to save crop.' and changes nothing on the card", async () => {
    answer = (method) =>
      method === 'POST' ? json(400, { error: { code: 'invalid', message: 'Bad.' } }) : json(200, CONFIGS);
    fireEvent.click(saveCrop());
    expect(await screen.findByRole('alert')).toHaveTextContent(CROP_FAILED);
    expect(saved).toEqual([]);
  });

  it("uploads with the athlete and side, shows 'Uploading…' with progress, then crops the new picture", async () => {
    fireEvent.click(screen.getByRole('radio', { name: /Right/ }));
    pick(png());
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/athlete-images/upload');
    expect(xhr.headers.Authorization).toBe('Bearer token-1');
    expect(xhr.body!.get('name')).toBe('Billy Bones');
    expect(xhr.body!.get('kind')).toBe('right');
    expect((xhr.body!.get('file') as File).name).toBe('me.png');
    expect(screen.getByText('Uploading…')).toBeVisible();
    act(() => xhr.progress(40));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '40');
    expect(screen.getByRole('radio', { name: /Left/ })).toBeDisabled();
    act(() => xhr.respond(200, { url: '/uploads/athletes/billy-right.png' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'Billy Bones', side: 'right', url: '/uploads/athletes/billy-right.png' }]),
    );
    expect(screen.getByRole('group', { name: 'Crop area: right picture of Billy Bones' })).toHaveAttribute(
      'data-src',
      '/uploads/athletes/billy-right.png',
    );
    expect(saveCrop()).toBeEnabled();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Upload & Save URL')).toBeVisible();
  });

  it("a refused upload says 'Upload failed. Please try again.' and keeps the picture", async () => {
    pick(new File(['not a picture'], 'notes.png', { type: 'image/png' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0]!.respond(400, { error: { code: 'invalid_image', message: 'Not an image.' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMAGE_UPLOAD_FAILED);
    expect(saved).toEqual([]);
    expect(screen.getByRole('group', { name: /Crop area/ })).toHaveAttribute('data-src', CARD.leftImage);
  });

  it('Close closes', () => {
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(closed).toBe(1);
  });
});
