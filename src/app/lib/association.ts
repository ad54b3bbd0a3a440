import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Association } from '../../shared/association.ts';
import {
  ASSOCIATION_DATA_ID,
  DEFAULT_FIRST_SCREEN,
  firstScreenOf,
  hasFirstScreenParts,
  type FirstScreenAssociation,
} from '../../shared/association-first-screen.ts';
import { apiGet } from './api.ts';
import { useAfterFirstContent } from './first-content.ts';

/**
 * The association that runs this copy of the app, as the screens use it: its name, short name, colour, unit,
 * classes and divisions. The first screen has them with no request: the server put them into the page as a JSON
 * data block (read once here, checked by hand: no zod on the first screen). A page without the block (one kept by
 * an older worker, `npm run dev`) starts from the defaults. Once the first content is up, GET /api/v1/association
 * keeps it fresh like the other reads (the worker's copy first, persisted with the query cache), so a change an
 * admin makes shows at the next refetch, with no reload.
 */

let fromPage: FirstScreenAssociation | undefined;

/** The profile in the page's data block, read once; the defaults when the page has none (or a broken one). */
export function pageAssociation(): FirstScreenAssociation {
  if (fromPage) return fromPage;
  let value: unknown = null;
  try {
    value = JSON.parse(document.getElementById(ASSOCIATION_DATA_ID)?.textContent ?? 'null');
  } catch {
    // A broken block is no block.
  }
  return (fromPage = hasFirstScreenParts(value) ? value : DEFAULT_FIRST_SCREEN);
}

export const associationKeys = {
  all: ['association'] as const,
};

/**
 * The whole profile. Its first screen's part is checked by hand (the rest is what the server checked with the
 * shared schema when it was written); an answer without it is a failed read, and the page's copy stays.
 */
export async function fetchAssociation(): Promise<Association> {
  const body = await apiGet<unknown>(`/association?t=${Date.now()}`, { fresh: true });
  if (!hasFirstScreenParts(body)) throw new Error('Failed to load the association profile');
  return body as Association;
}

export const associationQuery = queryOptions({ queryKey: associationKeys.all, queryFn: fetchAssociation });

/**
 * The association as the screens show it: the API's answer once there is one, unless the page the server made
 * is newer (a saved answer from an earlier visit, read back before it is asked for again). Asked for once the
 * screen's first content is up: it never holds up the first rows.
 */
export function useAssociation(): FirstScreenAssociation {
  const later = useAfterFirstContent();
  const { data, dataUpdatedAt } = useQuery({ ...associationQuery, enabled: later });
  return useMemo(() => {
    const page = pageAssociation();
    // Asked for in this visit, or at least as new as the page's: a database put back from a copy counts lower.
    const current = !!data && (data.version >= page.version || dataUpdatedAt >= performance.timeOrigin);
    return current ? firstScreenOf(data) : page;
  }, [data, dataUpdatedAt]);
}

function setMeta(name: string, content: string) {
  document.querySelector(`meta[name="${name}"]`)?.setAttribute('content', content);
}

/**
 * What the document says of the association besides the screen: its title (no screen has a title of its own, so
 * it is the name), the browser bar's colour, the home-screen title iOS offers when the app is added, and the tab's
 * icon (the logo's, once there is one). A page the worker kept from before a change says the old ones until the
 * profile is read again; this brings them up to date without a reload.
 */
export function showInDocument(a: FirstScreenAssociation): void {
  if (document.title !== a.name) document.title = a.name;
  setMeta('theme-color', a.theme_color);
  setMeta('apple-mobile-web-app-title', a.short_name);
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const href = a.logo?.icon_192 ?? '/icon.svg';
  if (icon && icon.getAttribute('href') !== href) {
    icon.type = a.logo ? 'image/png' : 'image/svg+xml';
    icon.href = href;
  }
}
