// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSOCIATION, type Association } from '../../shared/association.ts';
import { dataBlockJson, firstScreenOf } from '../../shared/association-first-screen.ts';
import { associationKeys, showInDocument, useAssociation } from './association.ts';

/** The page as the server made it: its data block (read once, at the first use), its theme colour and title. */
const fromPage = firstScreenOf({ ...DEFAULT_ASSOCIATION, name: 'Oregon Arm Wrestling', version: 3 });
document.head.innerHTML = `<title>Oregon Arm Wrestling</title>
  <script id="association-data" type="application/json">${dataBlockJson(fromPage)}</script>
  <meta name="theme-color" content="#0f172a"><meta name="apple-mobile-web-app-title" content="AW Rankings">
  <link rel="icon" href="/icon.svg" type="image/svg+xml">`;

function render(client: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useAssociation(), { wrapper });
}

const answer = (name: string, version: number): Association => ({ ...DEFAULT_ASSOCIATION, name, version });

describe('useAssociation', () => {
  it("starts from the page's data block, and takes the API's answer once it is as new or asked for in this visit", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
    const { result } = render(client);
    expect(result.current).toEqual(fromPage);

    // A saved answer of an earlier visit, older than the page: the page stays.
    const earlier = performance.timeOrigin - 60_000;
    const set = (a: Association, updatedAt?: number) =>
      act(() => void client.setQueryData(associationKeys.all, a, updatedAt ? { updatedAt } : undefined));
    set(answer('Old Name', 2), earlier);
    // React Query tells its observers in a task of its own (setTimeout 0): let it run and the hook render.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(result.current.name).toBe('Oregon Arm Wrestling');
    // A newer profile, saved or not: shown.
    set(answer('Baltic Arm Wrestling', 4), earlier);
    await waitFor(() => expect(result.current.name).toBe('Baltic Arm Wrestling'));
    // Asked for in this visit: the server's word, whatever its version (a database put back from a copy).
    set(answer('Restored Name', 1));
    await waitFor(() => expect(result.current).toEqual(firstScreenOf(answer('Restored Name', 1))));
  });
});

describe('showInDocument', () => {
  it("sets the title, the browser bar's colour and the home-screen title", () => {
    showInDocument({ ...fromPage, name: 'Baltic Arm Wrestling', short_name: 'Baltic AW', theme_color: '#7a1f2b' });
    expect(document.title).toBe('Baltic Arm Wrestling');
    expect(document.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe('#7a1f2b');
    expect(document.querySelector('meta[name="apple-mobile-web-app-title"]')!.getAttribute('content')).toBe(
      'Baltic AW',
    );
  });

  it("points the tab's icon at the logo's once there is one, and back at the app's without", () => {
    const icon = () => document.querySelector('link[rel="icon"]')!;
    const logo = '/api/v1/association/icons/icon_192.png?v=4';
    showInDocument({ ...fromPage, logo: { icon_192: logo } });
    expect([icon().getAttribute('href'), icon().getAttribute('type')]).toEqual([logo, 'image/png']);
    showInDocument({ ...fromPage, logo: null });
    expect([icon().getAttribute('href'), icon().getAttribute('type')]).toEqual(['/icon.svg', 'image/svg+xml']);
  });
});
