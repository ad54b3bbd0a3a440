import { applyResult, correctionEffect, type CategoryState } from '../src/shared/tournament/index.ts';
import type { Tournament } from '../src/shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../src/shared/tournament-contract/category.ts';
import { categoryState, matchLabel } from '../src/app/features/tournament/common/category-state.ts';
import { expect, test } from './support/fixtures.ts';
import { ownServer, type OwnServer } from './support/own-server.ts';
import { drawnTournament, openHeadTable, readTournament, recordResult, signInAdmin } from './support/tournaments.ts';

/**
 * A correction three rounds back, against the real server: a category of 8 played to the end (A wins every
 * match), then its first match corrected at the head table. The preview names the later matches the engine
 * says it resets; saving resets exactly those, and once they are pulled again the placings are those of the
 * corrected bracket.
 */
let server: OwnServer;
test.beforeAll(async () => {
  server = await ownServer();
});
test.afterAll(async () => {
  await server.dispose();
});

const ATHLETES = ['Kai Lund', 'Lev Moss', 'Max Nash', 'Ned Orr', 'Oli Penn', 'Pax Quin', 'Rex Rudd', 'Sam Shaw'];

async function categoryOf(id: number): Promise<{ tournament: Tournament; category: TournamentCategory }> {
  const tournament = await readTournament(server.url, id);
  return { tournament, category: tournament.categories[0]! };
}

/** Every ready match won by its A athlete, wave after wave, until the category is finished. */
async function playOut(auth: string, id: number) {
  for (let wave = 0; wave < 20; wave++) {
    const { category } = await categoryOf(id);
    if (category.status === 'finished') return;
    for (const m of category.matches.filter((x) => x.status === 'ready')) {
      expect((await recordResult(server.url, auth, id, m.id)).status).toBeLessThan(300);
    }
  }
  throw new Error('The category did not finish.');
}

/** The engine's own replay: A wins every ready match to the end. */
function engineOut(state: CategoryState): CategoryState {
  for (;;) {
    const ready = state.matches.filter((m) => m.status === 'ready');
    if (ready.length === 0) return state;
    for (const m of ready) {
      const r = applyResult(state, m.code, {
        winner: 'A',
        method: 'pin',
        warnings_a: 0,
        warnings_b: 0,
        fouls_a: 0,
        fouls_b: 0,
        a: m.a!,
        b: m.b!,
      });
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
  }
}

test('a correction three rounds back names and resets exactly the later matches it changes; placings follow', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const auth = await signInAdmin(page, server.url);
  const { id, categoryId } = await drawnTournament(server.url, auth, {
    name: 'Correction Classic',
    athletes: ATHLETES,
  });
  await playOut(auth, id);
  const { tournament, category: before } = await categoryOf(id);
  const first = before.matches.find((m) => m.code === 'W1-1')!;

  // What the rules say the correction does (the shared engine, as the server runs it).
  const effect = correctionEffect(categoryState(before, tournament.settings), 'W1-1', {
    winner: 'B',
    method: 'pin',
    warnings_a: 0,
    warnings_b: 0,
    fouls_a: 0,
    fouls_b: 0,
    a: first.a_entry!,
    b: first.b_entry!,
  });
  if (!effect.ok) throw new Error(effect.error.message);
  const resets = before.matches.filter((m) => effect.resets.includes(m.code));
  expect(resets.length).toBeGreaterThanOrEqual(3);
  const names = resets.map((m) => `${matchLabel(m)} (${m.a} v ${m.b})`).join(', ');

  await openHeadTable(page, server.url, id, categoryId);
  const desk = page.getByRole('region', { name: before.name });
  await desk.getByText(/^Recorded results/).click();
  await desk.getByRole('button', { name: `Correct Winners’ round 1: ${first.a} vs ${first.b}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct Winners’ round 1' });
  await expect(dialog.getByRole('status')).toHaveText('This is the result recorded now.');
  await dialog.getByRole('radio', { name: first.b! }).check();
  await expect(dialog.getByRole('status')).toHaveText(
    `This changes ${resets.length} later matches: ${names}. They are reset and pulled again.`,
  );
  await dialog.getByRole('button', { name: 'Save correction' }).click();
  await expect(page.getByText(`Corrected: ${resets.length} later matches reset.`)).toBeVisible();
  await expect(desk).toContainText('Running');

  // Exactly those matches were reset; every other result stands.
  const { category: after } = await categoryOf(id);
  for (const m of before.matches) {
    const now = after.matches.find((x) => x.id === m.id)!;
    if (m.code === 'W1-1') expect(now).toMatchObject({ status: 'done', winner: 'B' });
    else if (effect.resets.includes(m.code)) expect(now.status, m.code).not.toBe('done');
    else expect([m.code, now.status, now.winner]).toEqual([m.code, m.status, m.winner]);
  }
  expect(after.placings).toEqual([]);

  // Pulled again to the end: the placings are those of the corrected bracket, on the brackets page too.
  await playOut(auth, id);
  const expected = engineOut(effect.state);
  const { category: done } = await categoryOf(id);
  const nameOf = (entry: number) => done.entries.find((e) => e.id === entry)!.name;
  const champion = nameOf(expected.places.find((p) => p.place === 1)!.entry);
  const byPlace = (rows: [number, string][]) => rows.sort((x, y) => x[0] - y[0] || x[1].localeCompare(y[1]));
  expect(byPlace(done.placings.map((p) => [p.place, p.name]))).toEqual(
    byPlace(expected.places.map((p) => [p.place, nameOf(p.entry)])),
  );
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(`${server.url}/#/brackets?tournament=${id}&category=${categoryId}`);
  await expect(
    visitor.getByRole('region', { name: 'Placings' }).getByRole('listitem').filter({ hasText: '1st' }),
  ).toContainText(champion);
  await context.close();
});
