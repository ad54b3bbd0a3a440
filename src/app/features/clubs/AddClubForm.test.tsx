// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnderConstruction } from '../../lib/under-construction.ts';
import { submitToOutbox } from '../../outbox/submit.ts';
import { SUBMITTED_TEXT } from '../../../shared/submission-kinds.ts';
import { ToastProvider } from '../../ui/toast.tsx';
import AddClubForm from './AddClubForm.tsx';
import { CLUB_FAILED } from './club-texts.ts';

vi.mock('../../outbox/submit.ts', () => ({ submitToOutbox: vi.fn() }));
const submit = vi.mocked(submitToOutbox);

const field = (label: RegExp) => screen.getByLabelText(label);
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const submitButton = () => screen.getByRole('button', { name: /^(Submit|Sending…)$/ });

beforeEach(() => {
  submit.mockReset();
  localStorage.clear();
  setUnderConstruction(false);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ToastProvider>
        <AddClubForm />
      </ToastProvider>
    </QueryClientProvider>,
  );
});
afterEach(() => cleanup());

describe('AddClubForm', () => {
  it('is the Add Club panel; club name, city and region (trimmed) enable Submit', () => {
    expect(screen.getByRole('heading', { name: 'Add Club' })).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    type(/^Club name/, 'Iron Grip');
    type(/^City/, 'Eastport');
    type(/^Region/, '   ');
    expect(submitButton()).toBeDisabled();
    type(/^Region/, 'North');
    expect(submitButton()).toBeEnabled();
  });

  it('sends the trimmed club through the outbox, blank numbers left out, and says so', async () => {
    submit.mockResolvedValue({ status: 'sent', receipt: { id: 1, kind: 'club', status: 'received', created_at: '' } });
    type(/^Club name/, '  Iron Grip ');
    type(/^City/, ' Eastport');
    type(/^Region/, 'North ');
    type(/^Founded/, '2015');
    type(/^Members count/, '0');
    fireEvent.click(screen.getByLabelText(/trains out of state/));
    await act(async () => fireEvent.click(submitButton()));
    expect(submit).toHaveBeenCalledWith('club', {
      name: 'Iron Grip',
      city: 'Eastport',
      region: 'North',
      founded: 2015,
      members_count: 0,
      out_of_state: true,
      submitter: 'Anonymous',
    });
    expect(await screen.findByText(SUBMITTED_TEXT.club)).toBeInTheDocument();
    expect(SUBMITTED_TEXT.club).toBe('Club submitted successfully!');
    expect(field(/^Club name/)).toHaveValue('');
  });

  it('refuses a founded year outside 1900-2100, a negative count and a non-http address', async () => {
    type(/^Club name/, 'Iron Grip');
    type(/^City/, 'Eastport');
    type(/^Region/, 'North');
    type(/^Founded/, '1850');
    type(/^Average practice size/, '-2');
    type(/^Website or contact/, 'irongrip.test');
    await act(async () => fireEvent.click(submitButton()));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a whole year from 1900 to 2100.')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number, 0 or more.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid URL starting with http(s)://')).toBeInTheDocument();
    expect(field(/^Founded/)).toHaveFocus();
  });

  it('shows the failure text, and is disabled under construction', async () => {
    submit.mockResolvedValueOnce({ status: 'failed', message: 'no' });
    type(/^Club name/, 'Iron Grip');
    type(/^City/, 'Eastport');
    type(/^Region/, 'North');
    await act(async () => fireEvent.click(submitButton()));
    expect(await screen.findByText(CLUB_FAILED)).toBeInTheDocument();
    act(() => setUnderConstruction(true));
    expect(submitButton()).toBeDisabled();
    expect(field(/^Club name/)).toBeDisabled();
  });
});
