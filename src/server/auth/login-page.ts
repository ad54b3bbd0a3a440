import type { DemoAccount } from './demo-accounts.ts';

/** The embedded provider's pages. Plain HTML, no inline script or style (the CSP forbids both). */

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/oidc/interaction/login.css">
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>`;
}

export function loginPage(opts: {
  uid: string;
  clientName: string;
  accounts: readonly DemoAccount[];
  loginHint?: string | undefined;
}): string {
  const hint = opts.loginHint?.toLowerCase();
  const buttons = opts.accounts
    .map((a) => {
      const focus = hint && (a.email === hint || a.sub === hint) ? ' autofocus' : '';
      return `<li><button type="submit" name="account" value="${escapeHtml(a.sub)}"${focus}>
  <span class="who">${escapeHtml(a.name)}</span>
  <span class="what">${escapeHtml(a.label)} · ${escapeHtml(a.email)}</span>
</button></li>`;
    })
    .join('\n');
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>to <strong>${escapeHtml(opts.clientName)}</strong>. This is the built-in demo sign-in: choose an account.</p>
<form method="post" action="/oidc/interaction/${escapeHtml(opts.uid)}/login">
<ul class="accounts">
${buttons}
</ul>
</form>
<form method="post" action="/oidc/interaction/${escapeHtml(opts.uid)}/abort">
<button type="submit" class="cancel">Cancel</button>
</form>`,
  );
}

export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to the rankings</a></p>`);
}

export const LOGIN_CSS = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0f172a; color: #e2e8f0; }
.card { width: min(28rem, calc(100vw - 2rem)); background: #1e293b; border-radius: 12px; padding: 1.5rem; box-shadow: 0 10px 30px #0006; }
h1 { margin: 0 0 .5rem; font-size: 1.5rem; }
p { color: #cbd5e1; }
a { color: #fbbf24; }
ul.accounts { list-style: none; padding: 0; margin: 1rem 0; display: grid; gap: .5rem; }
button { font: inherit; width: 100%; text-align: left; padding: .75rem 1rem; border-radius: 8px; border: 1px solid #334155; background: #0f172a; color: inherit; cursor: pointer; display: grid; gap: .15rem; }
button:hover { border-color: #fbbf24; }
button:focus-visible { outline: 3px solid #fbbf24; outline-offset: 2px; }
.who { font-weight: 600; }
.what { font-size: .85rem; color: #94a3b8; }
.cancel { text-align: center; background: transparent; }
`;
