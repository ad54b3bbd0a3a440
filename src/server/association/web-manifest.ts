import type { Association } from '../../shared/association.ts';

/**
 * The web app manifest (/manifest.webmanifest, linked from index.html), made by the server from the profile, so
 * that an installed app takes a new name, colour and icon at its next update check with no rebuild. The rest is
 * the app's own and fixed.
 */
export interface WebManifest {
  name: string;
  short_name: string;
  description: string;
  theme_color: string;
  background_color: string;
  display: 'standalone';
  start_url: string;
  scope: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
}

/** The app's own icons (public/icons), while the association has uploaded no logo. */
const APP_ICONS: WebManifest['icons'] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

export function webManifest(a: Association): WebManifest {
  const icons: WebManifest['icons'] = a.logo
    ? [
        { src: a.logo.icon_192, sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: a.logo.icon_512, sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: a.logo.maskable_512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ]
    : APP_ICONS;
  return {
    name: a.name,
    short_name: a.short_name,
    description: `${a.name}: leaderboards, athlete cards, events, supermatches and clubs.`,
    theme_color: a.theme_color,
    // The splash screen in the association's colour, as the browser bar is.
    background_color: a.theme_color,
    display: 'standalone',
    start_url: '/#/leaderboards',
    scope: '/',
    icons,
  };
}
