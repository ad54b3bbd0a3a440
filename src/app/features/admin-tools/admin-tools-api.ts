import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsSummary } from '../../../shared/events.ts';
import type { ClubCreateInput, ClubEditResponse } from '../../../shared/clubs.ts';
import {
  INBOX_KINDS,
  type ClubInboxItem,
  type InboxItem,
  type InboxItemAnswer,
  type InboxList,
} from '../../../shared/inbox.ts';
import { apiGet, apiGetBlob, apiPost } from '../../lib/api.ts';
import { apiUpload } from '../../lib/api-upload.ts';

/**
 * The admin tools' calls: the inbox (a query, with its handled mark as a
 * mutation), the analytics summary, and the developer's database files. All
 * of them carry the signed-in admin's token and skip the HTTP cache: an admin
 * acts on what the server says now.
 */

export const adminToolKeys = {
  // Under 'admin': never persisted on the device (see pwa/persist.ts).
  all: ['admin', 'tools'] as const,
  /** Per signed-in account: another admin on the same device never sees this one's cached inbox. */
  inbox: (sub: string) => [...adminToolKeys.all, 'inbox', sub] as const,
};

// ---- Inbox ----

/** The same item (ids are per kind, so the kind is part of who it is). */
export const sameItem = (a: InboxItem, b: InboxItem) => a.kind === b.kind && a.id === b.id;

export const inboxQuery = (sub: string) =>
  queryOptions({
    queryKey: adminToolKeys.inbox(sub),
    // One read for all kinds; the panel filters by kind on the device, so switching the filter costs nothing.
    queryFn: async () => {
      const body = await apiGet<InboxList>('/admin/inbox', { auth: true, fresh: true });
      return (body.items ?? []).filter((i) => (INBOX_KINDS as readonly string[]).includes(i.kind));
    },
    staleTime: 30_000,
    retry: 1,
  });

export function useInbox(sub: string) {
  return useQuery(inboxQuery(sub));
}

/**
 * Mark an item handled, or open it again. The list changes at once; a refusal
 * puts the item back as it was (and `onFailed` says so), and either way the
 * list is read again, since another admin may have changed it too.
 */
export function useMarkHandled(sub: string, onFailed: () => void) {
  const client = useQueryClient();
  const key = adminToolKeys.inbox(sub);
  const replace = (item: InboxItem) =>
    client.setQueryData<InboxItem[]>(key, (list) => list?.map((i) => (sameItem(i, item) ? item : i)));
  return useMutation({
    mutationFn: ({ item, handled }: { item: InboxItem; handled: boolean }) =>
      apiPost<InboxItemAnswer>(`/admin/inbox/${item.kind}/${item.id}/handled`, { handled }, { auth: true }),
    onMutate: async ({ item, handled }) => {
      await client.cancelQueries({ queryKey: key });
      // Who handled it is the server's to say (its answer replaces this a moment later).
      replace({ ...item, handled_at: handled ? new Date().toISOString() : null, handled_by: null });
      return { before: item };
    },
    onSuccess: ({ item }) => replace(item),
    onError: (_err, _vars, context) => {
      if (context) replace(context.before);
      onFailed();
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

// ---- Create club ----

/**
 * The new club a club submission makes: its name, place and the optional
 * fields a club has (leaders by comma or line, training one per line); what a
 * club does not keep (website, notes) stays in the inbox.
 */
export function clubFromSubmission(c: ClubInboxItem): ClubCreateInput {
  const list = (text: string | null, by: RegExp) =>
    (text ?? '')
      .split(by)
      .map((s) => s.trim())
      .filter(Boolean);
  const body: ClubCreateInput = { name: c.name, city: c.city, region: c.region, leaders: list(c.leaders, /[,\n]/) };
  const training = list(c.training, /\n/);
  if (training.length) body.training = training;
  if (c.founded !== null) body.founded = c.founded;
  if (c.out_of_state !== null) body.out_of_state = c.out_of_state;
  if (c.members_count !== null) body.members_count = c.members_count;
  if (c.avg_practice_size !== null) body.avg_practice_size = c.avg_practice_size;
  if (c.image_url) body.image_url = c.image_url;
  if (c.desc) body.desc = c.desc;
  return body;
}

export const createClub = (c: ClubInboxItem) =>
  apiPost<ClubEditResponse>('/clubs', clubFromSubmission(c), { auth: true });

// ---- Livestream analytics ----

/** The summary's path; it sits beside the versioned API, not under /api/v1. */
export const analyticsSummaryPath = (hours: number) => `/api/analytics-summary?since_hours=${hours}`;

/** One fetch, and one more try 350 ms after a failure (a busy server or a token being renewed). */
export function useAnalyticsSummary() {
  return useMutation({
    mutationFn: (hours: number) => apiGet<AnalyticsSummary>(analyticsSummaryPath(hours), { auth: true, fresh: true }),
    retry: 1,
    retryDelay: 350,
  });
}

// ---- Developer database tools ----

/** The files a developer can take away, and the names they are saved under. */
export const DOWNLOADS = {
  db: { path: '/dev/db/download', filename: 'ratings.db' },
  fallback: { path: '/dev/fallback/download', filename: 'fallback.json' },
} as const;

export const downloadFile = (which: keyof typeof DOWNLOADS) =>
  apiGetBlob(DOWNLOADS[which].path, { auth: true, fresh: true });

export const uploadDatabase = (file: File, onProgress: (pct: number) => void) =>
  apiUpload<unknown>('/dev/db/upload', file, onProgress);
