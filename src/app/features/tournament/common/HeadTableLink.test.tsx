// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../../shared/roles.ts';
import { HeadTableLink } from './HeadTableLink.tsx';
import { renderRoute } from './route.test-kit.tsx';

let role: Role = 'user';
vi.mock('../../../auth/use-role.ts', () => ({ useRole: () => role }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A tournament's public page as an admin or a visitor sees it, with the link in its header. */
function renderOnBrackets() {
  renderRoute('/brackets?tournament=4', '/brackets', () => (
    <p>
      Friday Night Pulls <HeadTableLink tournamentId={4} />
    </p>
  ));
}

describe('the head table link of a tournament’s page', () => {
  it.each(['admin', 'dev'] as const)('leads a %s to the tournament’s head table', async (r) => {
    role = r;
    renderOnBrackets();
    expect(await screen.findByRole('link', { name: 'Head table' })).toHaveAttribute('href', '/head-table?tournament=4');
  });

  it.each(['user', 'club_leader'] as const)('is not there for a %s', async (r) => {
    role = r;
    renderOnBrackets();
    expect(await screen.findByText(/Friday Night Pulls/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
