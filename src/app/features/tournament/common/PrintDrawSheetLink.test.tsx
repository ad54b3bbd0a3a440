// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { PrintDrawSheetLink } from './PrintDrawSheetLink.tsx';
import { renderRoute } from './route.test-kit.tsx';

afterEach(cleanup);

it('links to one category’s draw sheet, or to every drawn category’s', async () => {
  renderRoute('/', '/', () => (
    <>
      <PrintDrawSheetLink tournamentId={7} categoryId={3} />
      <PrintDrawSheetLink tournamentId={7} />
    </>
  ));
  expect(await screen.findByRole('link', { name: 'Print draw sheet' })).toHaveAttribute(
    'href',
    '/draw-sheet?tournament=7&category=3',
  );
  expect(screen.getByRole('link', { name: 'Print all' })).toHaveAttribute('href', '/draw-sheet?tournament=7');
});
