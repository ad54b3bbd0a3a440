// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../shared/outbox/entry.ts';
import { feedbackSchema } from '../../shared/submissions.ts';
import { ToastProvider } from '../ui/toast.tsx';
import { editEntry, replaceEdited } from './draft.ts';
import { submitToOutbox } from './submit.ts';
import { useOutboxForm } from './use-outbox-form.ts';

vi.mock('./submit.ts', () => ({ submitToOutbox: vi.fn() }));
vi.mock('./draft.ts', async (original) => ({ ...(await original<Record<string, unknown>>()), replaceEdited: vi.fn() }));
const submit = vi.mocked(submitToOutbox);

function Form() {
  const { values, set, errorOf, touch, refusal, onSubmit } = useOutboxForm({
    kind: 'feedback',
    initial: () => ({ text: '', name: '' }),
    parse: (v) => feedbackSchema.safeParse(v),
    ownMessages: { name: 'Shorter, please.' },
    failedText: 'Not sent.',
    focus: { order: ['text', 'name'], id: (f) => f },
    fromDraft: (payload) => ({ text: String(payload.text), name: String(payload.name) }),
  });
  return (
    <form onSubmit={onSubmit}>
      {(['text', 'name'] as const).map((f) => (
        <p key={f}>
          <input
            id={f}
            aria-label={f}
            value={values[f]}
            onChange={(e) => set(f, e.target.value)}
            onBlur={() => touch(f)}
          />
          {errorOf(f) ? <span>{errorOf(f)}</span> : null}
        </p>
      ))}
      {refusal ? <p>{refusal}</p> : null}
      <button type="submit">Send</button>
    </form>
  );
}

const entry = (payload: unknown): OutboxEntry => ({
  id: 'e1',
  kind: 'feedback',
  payload,
  createdAt: 0,
  state: 'failed',
  attempts: 1,
  nextAttemptAt: 0,
  auth: false,
});

beforeEach(() => {
  submit.mockReset();
  render(
    <ToastProvider>
      <Form />
    </ToastProvider>,
  );
});
afterEach(() => cleanup());

describe('useOutboxForm', () => {
  it('shows the schema messages (or the form own ones) after a tried submit, and focuses the first', async () => {
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'x'.repeat(121) } });
    expect(screen.queryByText('Shorter, please.')).not.toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByText('Write your feedback first.')).toBeInTheDocument();
    expect(screen.getByText('Shorter, please.')).toBeInTheDocument();
    expect(screen.getByLabelText('text')).toHaveFocus();
  });

  it("fills the form from an entry brought back by 'Edit', and drops that entry once the new one is handed over", async () => {
    act(() => editEntry(entry({ text: 'Kept text', name: 'Pat' })));
    expect(screen.getByLabelText('text')).toHaveValue('Kept text');
    expect(screen.getByLabelText('name')).toHaveValue('Pat');
    submit.mockResolvedValue({ status: 'queued' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(submit).toHaveBeenCalledWith('feedback', { text: 'Kept text', name: 'Pat' });
    expect(replaceEdited).toHaveBeenCalledWith('e1');
    expect(screen.getByLabelText('text')).toHaveValue('');
  });

  it('keeps the values and says why on a refusal', async () => {
    fireEvent.change(screen.getByLabelText('text'), { target: { value: 'Hello' } });
    submit.mockResolvedValue({ status: 'failed', message: 'Too many requests.' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(screen.getByText('Too many requests.')).toBeInTheDocument();
    expect(screen.getByText('Not sent.')).toBeInTheDocument();
    expect(screen.getByLabelText('text')).toHaveValue('Hello');
  });
});
