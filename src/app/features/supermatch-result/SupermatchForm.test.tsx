// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client.ts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCORE_MESSAGE, supermatchSubmissionSchema } from '../../../shared/submissions.ts';
import { SAVED_ON_DEVICE } from '../../ui/form-messages.ts';
import { ToastProvider } from '../../ui/toast.tsx';
import { setUnderConstruction } from '../../lib/under-construction.ts';
import { submitToOutbox } from '../../outbox/submit.ts';
import { SUBMITTED_TEXT } from '../../../shared/submission-kinds.ts';
import SupermatchForm, { SUPERMATCH_FAILED } from './SupermatchForm.tsx';
import { SUBMITTER_NAME_KEY } from '../../lib/submitter-name.ts';

vi.mock('../../outbox/submit.ts', () => ({ submitToOutbox: vi.fn() }));
const submit = vi.mocked(submitToOutbox);
const profile = vi.hoisted(() => ({ verifiedName: null as string | null }));
vi.mock('../../auth/use-verified-name.ts', () => ({ useVerifiedName: () => profile.verifiedName }));

function renderForm() {
  const client = createQueryClient();
  client.setQueryData(['known-names'], ['Ann Lee', 'Bob Ray', 'Annette Moss', 'Dan Annis']);
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <SupermatchForm />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const submitButton = () => screen.getByRole('button', { name: /^(Submit|Sending…)$/ });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

function fillRequired() {
  type('Competitor A', 'Ann Lee');
  type('Competitor B', 'Bob Ray');
  fireEvent.click(screen.getByRole('radio', { name: 'Right' }));
  fireEvent.click(screen.getByRole('radio', { name: 'A: Ann Lee' }));
}

beforeEach(() => {
  localStorage.clear();
  submit.mockReset();
  profile.verifiedName = null;
  setUnderConstruction(false);
  // Nothing in these tests may reach a network.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('offline'))),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SupermatchForm', () => {
  it('is the Submit Supermatch Result panel at the supermatch anchor', () => {
    renderForm();
    const heading = screen.getByRole('heading', { name: 'Submit Supermatch Result' });
    expect(heading.closest('section')).toHaveAttribute('id', 'supermatch');
  });

  it('the score input keeps digits and one dash, without leading zeros', () => {
    renderForm();
    type('Score', '03x-0a2');
    expect(field('Score')).toHaveValue('3-2');
    type('Score', 'abc');
    expect(field('Score')).toHaveValue('');
    type('Score', '007');
    expect(field('Score')).toHaveValue('7');
  });

  it('an invalid score says so once the field is left, tied to the input', () => {
    renderForm();
    type('Score', '2-2');
    expect(screen.queryByText(SCORE_MESSAGE)).not.toBeInTheDocument();
    fireEvent.blur(field('Score'));
    const error = screen.getByText(SCORE_MESSAGE);
    expect(field('Score')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Score').getAttribute('aria-describedby')).toContain(error.id);
    type('Score', '3-2');
    expect(screen.queryByText(SCORE_MESSAGE)).not.toBeInTheDocument();
  });

  it('weights keep digits only', () => {
    renderForm();
    type('Weight A', '-0198.5lbs');
    expect(field('Weight A')).toHaveValue('1985');
    type('Weight B', 'abc');
    expect(field('Weight B')).toHaveValue('');
  });

  it('the date cannot be later than today', () => {
    renderForm();
    const date = field('Date');
    expect(date).toHaveAttribute('type', 'date');
    expect(date.getAttribute('max')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((date as HTMLInputElement).value).toBe(date.getAttribute('max'));
  });

  it('shows the live summary: winner beat loser high-low, 3-0 by default', () => {
    renderForm();
    type('Competitor A', 'Ann Lee');
    type('Competitor B', 'Bob Ray');
    expect(screen.queryByText(/ beat /)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'B: Bob Ray' }));
    expect(screen.getByText('Bob Ray beat Ann Lee 3-0')).toBeInTheDocument();
    type('Score', '1-3');
    expect(screen.getByText('Bob Ray beat Ann Lee 3-1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'A: Ann Lee' }));
    expect(screen.getByText('Ann Lee beat Bob Ray 3-1')).toBeInTheDocument();
  });

  it('Submit is disabled until competitors, hand and winner are given, and while the score is invalid', () => {
    renderForm();
    expect(submitButton()).toBeDisabled();
    type('Competitor A', 'Ann Lee');
    type('Competitor B', 'Bob Ray');
    fireEvent.click(screen.getByRole('radio', { name: 'Left' }));
    expect(submitButton()).toBeDisabled();
    fireEvent.click(screen.getByRole('radio', { name: 'B: Bob Ray' }));
    expect(submitButton()).toBeEnabled();
    type('Score', '4-4');
    expect(submitButton()).toBeDisabled();
    type('Score', '4-1');
    expect(submitButton()).toBeEnabled();
    type('Competitor B', 'ann lee');
    expect(submitButton()).toBeDisabled();
  });

  it('Submit is disabled in under-construction mode', () => {
    renderForm();
    fillRequired();
    expect(submitButton()).toBeEnabled();
    act(() => setUnderConstruction(true));
    expect(submitButton()).toBeDisabled();
    expect(field('Competitor A')).toBeDisabled();
  });

  it('sends the parsed payload, says so and starts over, remembering the submitter', async () => {
    submit.mockResolvedValue({
      status: 'sent',
      receipt: { id: 1, kind: 'supermatch', status: 'pending', created_at: '2025-01-01T00:00:00Z' },
    });
    renderForm();
    fillRequired();
    type('Score', '3-1');
    type('Weight A', '198');
    type('Your name', '  Pat Doe ');
    fireEvent.click(submitButton());
    expect(submitButton()).toHaveTextContent('Sending…');
    expect(submitButton()).toBeDisabled();
    await screen.findByText(SUBMITTED_TEXT.supermatch);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]![0]).toBe('supermatch');
    expect(submit.mock.calls[0]![1]).toMatchObject({
      a: 'Ann Lee',
      b: 'Bob Ray',
      hand: 'RH',
      winner: 'A',
      score: '3-1',
      weight_a: 198,
      submitter: 'Pat Doe',
      source: 'web',
    });
    // The server parses the posted body with the same schema: it must pass as sent.
    const server = supermatchSubmissionSchema({ server: true }).safeParse(
      JSON.parse(JSON.stringify(submit.mock.calls[0]![1])),
    );
    expect(server.success).toBe(true);
    expect(field('Competitor A')).toHaveValue('');
    expect(field('Score')).toHaveValue('');
    expect(field('Your name')).toHaveValue('Pat Doe');
    expect(localStorage.getItem(SUBMITTER_NAME_KEY)).toBe('Pat Doe');
  });

  it('a blank name is sent as Anonymous; a queued submission says it is saved on the device', async () => {
    submit.mockResolvedValue({ status: 'queued' });
    renderForm();
    fillRequired();
    fireEvent.click(submitButton());
    await screen.findByText(SAVED_ON_DEVICE);
    expect(submit.mock.calls[0]![1]).toMatchObject({ submitter: 'Anonymous' });
    expect(field('Competitor B')).toHaveValue('');
  });

  it('a refused submission keeps what was typed', async () => {
    submit.mockResolvedValue({ status: 'failed', message: 'Refused (400).' });
    renderForm();
    fillRequired();
    fireEvent.click(submitButton());
    await screen.findByText(SUPERMATCH_FAILED);
    expect(field('Competitor A')).toHaveValue('Ann Lee');
    await waitFor(() => expect(submitButton()).toBeEnabled());
  });
});

describe('a signed-in athlete with a verified name', () => {
  it('has the submitter name locked to it, read-only, and sent as the submitter', async () => {
    profile.verifiedName = 'Casey Morrow';
    localStorage.setItem(SUBMITTER_NAME_KEY, 'Someone Else');
    submit.mockResolvedValue({ status: 'queued' });
    renderForm();
    const name = field('Your name');
    expect(name).toHaveValue('Casey Morrow');
    expect(name).toHaveAttribute('readonly');
    fillRequired();
    fireEvent.click(submitButton());
    await screen.findByText(SAVED_ON_DEVICE);
    expect(submit.mock.calls[0]![1]).toMatchObject({ submitter: 'Casey Morrow' });
    expect(localStorage.getItem(SUBMITTER_NAME_KEY)).toBe('Someone Else');
  });
});

describe('AthleteSelect in the form', () => {
  it('suggests known names as a combobox: arrows move, Enter picks, Escape closes', () => {
    renderForm();
    const input = field('Competitor A');
    expect(input).toHaveAttribute('role', 'combobox');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    fireEvent.change(input, { target: { value: 'ann' } });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox');
    expect(input).toHaveAttribute('aria-controls', list.id);
    // Prefix matches first, then contains matches, then the Add entry.
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ann Lee', 'Annette Moss', 'Dan Annis', 'Add "ann"']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = document.getElementById(input.getAttribute('aria-activedescendant')!);
    expect(active).toHaveTextContent('Annette Moss');
    expect(active).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input).toHaveValue('Annette Moss');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    fireEvent.change(input, { target: { value: 'Dan' } });
    expect(input).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Dan');
  });

  it('a click on a suggestion picks it; a new name can be added', () => {
    renderForm();
    const input = field('Competitor B');
    fireEvent.change(input, { target: { value: 'bob' } });
    fireEvent.click(screen.getByRole('option', { name: 'Bob Ray' }));
    expect(input).toHaveValue('Bob Ray');
    fireEvent.change(input, { target: { value: 'Zed New ' } });
    fireEvent.click(screen.getByRole('option', { name: 'Add "Zed New"' }));
    expect(input).toHaveValue('Zed New');
  });
});
