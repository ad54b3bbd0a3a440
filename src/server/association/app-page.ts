import type { Association } from '../../shared/association.ts';
import { escapeHtml } from '../auth/login-page.ts';
import { ASSOCIATION_DATA_ID, dataBlockJson, firstScreenOf } from '../../shared/association-first-screen.ts';

/**
 * The app's page (the built index.html) as the server serves it: the association's name in the title, the top bar
 * and the home-screen title, its colour in the theme-color meta, its logo's icon (iOS's home screen, the tab, the top
 * bar), and the
 * first screen's part of the profile as a JSON data block, so the first screen has the association's name, classes
 * and unit with no request of its own.
 *
 * The data block is `<script type="application/json">`: a browser never runs a script of a type it does not know, so
 * the Content-Security-Policy without inline script (http/security-headers.ts: `script-src 'self'`) holds, and the
 * app reads the block's text as data (src/app/lib/association.ts).
 *
 * Each part is found by the element the source index.html writes it in; a part the page lacks is left out (a page
 * without a title gets no data block, and the app then starts from the defaults).
 */

/** `<meta name="{name}" content="…">` with its content replaced (the source writes name before content). */
function withMeta(html: string, name: string, content: string): string {
  const tag = new RegExp(`(<meta\\s+name="${name}"\\s+content=")[^"]*(")`);
  return html.replace(tag, (_m, open: string, close: string) => `${open}${escapeHtml(content)}${close}`);
}

export function renderAppPage(template: string, a: Association): string {
  const name = escapeHtml(a.name);
  const data = `<script id="${ASSOCIATION_DATA_ID}" type="application/json">${dataBlockJson(firstScreenOf(a))}</script>`;
  let html = template.replace(/<title>[^<]*<\/title>/, () => `<title>${name}</title>\n    ${data}`);
  html = withMeta(html, 'theme-color', a.theme_color);
  html = withMeta(html, 'apple-mobile-web-app-title', a.short_name);
  // The top bar of the shell painted before the app's code runs (the app draws the same name).
  html = html.replace(
    /(<span class="brand-name"\s*>)[^<]*(<\/span\s*>)/,
    (_m, open: string, close: string) => open + name + close,
  );
  if (a.logo) {
    // The logo's icon for iOS's home screen, the browser's tab and the top bar painted before the app runs.
    const icon = escapeHtml(a.logo.icon_192);
    const at = (pattern: RegExp) => {
      html = html.replace(pattern, (_m, open: string, close: string) => open + icon + close);
    };
    at(/(<link\s+rel="apple-touch-icon"\s+href=")[^"]*(")/);
    at(/(<link\s+rel="icon"\s+href=")[^"]*(")/);
    at(/(<a\b[^>]*class="brand"[^>]*>\s*<img\s+src=")[^"]*(")/);
    html = html.replace(/(<link\s+rel="icon"\s+href="[^"]*"\s+type=")image\/svg\+xml(")/, '$1image/png$2');
  }
  return html;
}
