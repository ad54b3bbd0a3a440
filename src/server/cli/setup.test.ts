import { spawn } from 'node:child_process';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { grantRole } from '../auth/roles.ts';
import { claimSetupToken } from '../auth/setup.ts';
import { createHarness } from '../test/harness.ts';

/** `npm run setup` as an operator runs it, beside a server's database (the harness's, open here too). */
let h: Awaited<ReturnType<typeof createHarness>>;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.close());

function npmRunSetup() {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/setup.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, DATA_DIR: h.dir, NODE_ENV: 'test', PUBLIC_URL: 'https://rankings.example.org' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

const LINK = /^Open https:\/\/rankings\.example\.org\/#\/setup\?token=([\w-]{43}) to set up this association\.$/m;

// Three commands, each a Node process of its own: slower than the rest.
it(
  'prints a fresh link while nobody is admin (the earlier one stops working), then the admins',
  { timeout: 90_000 },
  async () => {
    const first = await npmRunSetup();
    expect(first.code).toBe(0);
    expect(first.out).toMatch(LINK);
    expect(first.out).toMatch(
      /It works once, until \S+Z \(24 hours\), while nobody is admin; the setup links made before/,
    );

    const second = await npmRunSetup();
    const [, older] = LINK.exec(first.out)!;
    const [, newer] = LINK.exec(second.out)!;
    expect(newer).not.toBe(older);
    expect(claimSetupToken(h.db, older!, 'someone')).toEqual({ ok: false, refusal: 'replaced' });
    expect(claimSetupToken(h.db, newer!, 'auth0|chair')).toEqual({ ok: true });
    grantRole(h.db, 'dev@association.example', 'dev');

    const third = await npmRunSetup();
    expect(third.code).toBe(0);
    expect(third.out).not.toMatch(/setup\?token=/);
    expect(third.out).toMatch(/^This association is set up\. Its admins:$/m);
    expect(third.out).toMatch(/^ {2}admin auth0\|chair \(subject, since \S+\)$/m);
    expect(third.out).toMatch(/^ {2}dev {3}dev@association\.example \(e-mail, since \S+\)$/m);
  },
);
