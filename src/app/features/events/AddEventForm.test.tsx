// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVED_ON_DEVICE } from '../../ui/form-messages.ts';
import { ToastProvider } from '../../ui/toast.tsx';
import { setUnderConstruction } from '../../lib/under-construction.ts';
import { submitToOutbox } from '../../outbox/submit.ts';
import AddEventForm from './AddEventForm.tsx';
import { SUBMITTED_TEXT } from '../../../shared/submission-kinds.ts';
import { EVENT_FAILED } from './event-texts.ts';

vi.mock('../../outbox/submit.ts', () => ({ submitToOutbox: vi.fn() }));
const submit = vi.mocked(submitToOutbox);

const field = (label: RegExp) => screen.getByLabelText(label);
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const submitButton = () => screen.getByRole('button', { name: /^(Submit|Sending…)$/ });

function fill() {
  type(/^Event name/, '  Garage Pull  ');
  type(/^Location/, ' Eastport ');
  type(/^Date/, '2025-06-01');
}

beforeEach(() => {
  submit.mockReset();
  setUnderConstruction(false);
  render(
    <ToastProvider>
      <AddEventForm />
    </ToastProvider>,
  );
});
afterEach(() => cleanup());

describe('AddEventForm', () => {
  it('is the Add Event panel at the submit-event anchor; name, location and date enable Submit', () => {
    expect(screen.getByRole('heading', { name: 'Add Event' }).closest('section')).toHaveAttribute('id', 'submit-event');
    expect(submitButton()).toBeDisabled();
    type(/^Event name/, 'Garage Pull');
    type(/^Location/, '   ');
    type(/^Date/, '2025-06-01');
    expect(submitButton()).toBeDisabled();
    type(/^Location/, 'Eastport');
    expect(submitButton()).toBeEnabled();
    expect(field(/^Date/)).toHaveAttribute('max');
  });

  it('submits the trimmed fields through the outbox and says so', async () => {
    submit.mockResolvedValue({ status: 'sent', receipt: { id: 1, kind: 'event', status: 'received', created_at: '' } });
    fill();
    await act(async () => fireEvent.click(submitButton()));
    expect(submit).toHaveBeenCalledWith('event', {
      name: 'Garage Pull',
      location: 'Eastport',
      date: '2025-06-01',
      submitter: 'Anonymous',
    });
    expect(await screen.findByText(SUBMITTED_TEXT.event)).toBeInTheDocument();
    expect(field(/^Event name/)).toHaveValue('');
  });

  it('shows the failure text, and the saved-on-device text when queued', async () => {
    submit.mockResolvedValueOnce({ status: 'failed', message: 'no' });
    fill();
    await act(async () => fireEvent.click(submitButton()));
    expect(await screen.findByText(EVENT_FAILED)).toBeInTheDocument();
    submit.mockResolvedValueOnce({ status: 'queued' });
    await act(async () => fireEvent.click(submitButton()));
    expect(await screen.findByText(SAVED_ON_DEVICE)).toBeInTheDocument();
  });

  it('refuses a future date and is disabled under construction', async () => {
    type(/^Event name/, 'Garage Pull');
    type(/^Location/, 'Eastport');
    type(/^Date/, '2999-01-01');
    await act(async () => fireEvent.click(submitButton()));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByText('The date cannot be in the future.')).toBeInTheDocument();
    act(() => setUnderConstruction(true));
    expect(submitButton()).toBeDisabled();
    expect(field(/^Event name/)).toBeDisabled();
  });
});
