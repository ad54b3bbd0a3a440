// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client.ts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/toast.tsx';
import AccountDetails from './AccountDetails.tsx';
import { LOCAL_PROFILE_KEY } from './local-profile.ts';

type Answer = { status: number; body: unknown } | 'network';
let nameStatus: unknown;
let submitAnswer: Answer;
let posted: unknown[];

function json(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

beforeEach(() => {
  localStorage.clear();
  posted = [];
  nameStatus = { status: 'never_submitted', athlete_name: null, pending_requested_name: null };
  submitAnswer = {
    status: 201,
    body: { status: 'pending', athlete_name: null, pending_requested_name: 'Jordan Reyes' },
  };
  // jsdom has no modal dialogs: open and close like a browser would, without the top layer.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith('/api/v1/known-names')) return json(200, { names: ['Jordan Reyes', 'Casey Morrow'] });
      const bearer = new Headers(init?.headers).get('Authorization');
      if (url.startsWith('/api/v1/me/') || url === '/api/v1/name-submissions') {
        if (bearer !== 'Bearer token-1') return json(401, { error: { code: 'unauthenticated', message: 'Sign in.' } });
      }
      if (url === '/api/v1/me/name-status') return json(200, nameStatus);
      if (url === '/api/v1/me/profile')
        return json(200, { name_locked: false, athlete_name: null, pending_requested_name: null });
      if (url === '/api/v1/name-submissions') {
        posted.push(JSON.parse(init!.body as string));
        if (submitAnswer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
        const answer = submitAnswer;
        if (answer.status < 300) nameStatus = answer.body;
        return json(answer.status, answer.body);
      }
      return Promise.reject(new Error(`unexpected ${url}`));
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AccountDetails sub="user-1" getToken={() => Promise.resolve('token-1')} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const nameField = () => screen.getByLabelText('Name on leaderboards');
const toggle = () => screen.getByRole('button', { name: /^Profile/ });
const toasts = () => screen.getByRole('status');

describe('the Profile panel', () => {
  it('never submitted: Action needed, the intro, an empty name cannot be submitted, a blank one is refused', async () => {
    renderPage();
    await waitFor(() => expect(toggle()).toHaveTextContent('Action needed'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Select your name to verify your identity and unlock all features.')).toBeVisible();
    expect(screen.getByText('Verification may take a few days.')).toBeVisible();
    const submit = screen.getByRole('button', { name: 'Submit for verification' });
    expect(submit).toBeDisabled();
    expect(nameField()).toHaveAttribute('placeholder', 'Full name');

    fireEvent.change(nameField(), { target: { value: '   ' } });
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    expect(within(toasts()).getByText('Enter your name first.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toEqual([]);
  });

  it('collapses and expands', async () => {
    renderPage();
    await waitFor(() => expect(toggle()).toHaveTextContent('Action needed'));
    fireEvent.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(nameField()).not.toBeVisible();
    fireEvent.click(toggle());
    expect(nameField()).toBeVisible();
  });

  it('asks for confirmation; Cancel sends nothing, Confirm submits and locks the field as pending', async () => {
    renderPage();
    await waitFor(() => expect(toggle()).toHaveTextContent('Action needed'));
    fireEvent.change(nameField(), { target: { value: ' Jordan  Reyes ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your name' });
    expect(
      within(dialog).getByText(
        'Please confirm your name is correct. You will not be able to change it after it is approved.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Jordan Reyes')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(toasts()).getByText('Submitted for approval.')).toBeInTheDocument());
    expect(posted).toEqual([{ requested_name: 'Jordan Reyes' }]);
    await waitFor(() => expect(toggle()).toHaveTextContent('Pending approval'));
    expect(screen.getByText('Pending approval: Jordan Reyes')).toBeVisible();
    expect(nameField()).toHaveAttribute('readonly');
    expect(nameField()).toHaveValue('Jordan Reyes');
    expect(screen.getByRole('button', { name: 'Submitted' })).toBeDisabled();
    expect(JSON.parse(localStorage.getItem(LOCAL_PROFILE_KEY)!)).toMatchObject({ profile_name: 'Jordan Reyes' });
  });

  it('sends optional evidence with the claim; a link that is not http(s) is refused beside its field', async () => {
    renderPage();
    await waitFor(() => expect(toggle()).toHaveTextContent('Action needed'));
    fireEvent.change(nameField(), { target: { value: 'Jordan Reyes' } });
    fireEvent.click(screen.getByText('Add evidence (optional)'));
    fireEvent.change(screen.getByLabelText('Evidence summary (optional)'), {
      target: { value: ' Won the 2025 open ' },
    });
    const links = screen.getByLabelText('Evidence links (optional, one per line, up to 5)');
    fireEvent.change(links, { target: { value: 'https://example.org/results\n\njavascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(links).toHaveAttribute('aria-invalid', 'true');
    expect(links).toHaveAccessibleDescription('Enter a valid URL starting with http(s)://');

    fireEvent.change(links, { target: { value: 'https://example.org/results\n https://video.example/pull ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(toasts()).getByText('Submitted for approval.')).toBeInTheDocument());
    expect(posted).toEqual([
      {
        requested_name: 'Jordan Reyes',
        evidence_summary: 'Won the 2025 open',
        evidence_links: ['https://example.org/results', 'https://video.example/pull'],
      },
    ]);
  });

  it.each([
    [{ status: 409, body: { error: { code: 'claim_pending', message: 'x' } } }, 'Could not submit. Try again.'],
    [{ status: 500, body: {} }, 'Could not submit. Try again.'],
    ['network', 'Error submitting name.'],
  ] satisfies [Answer, string][])(
    'a failed submission (%j) says so and keeps the name editable',
    async (answer, message) => {
      submitAnswer = answer;
      renderPage();
      await waitFor(() => expect(toggle()).toHaveTextContent('Action needed'));
      fireEvent.change(nameField(), { target: { value: 'Jordan Reyes' } });
      fireEvent.click(screen.getByRole('button', { name: 'Submit for verification' }));
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(within(toasts()).getByText(message)).toBeInTheDocument());
      expect(nameField()).not.toHaveAttribute('readonly');
      expect(screen.getByRole('button', { name: 'Submit for verification' })).toBeEnabled();
    },
  );

  it('verified: the name is locked, the hint shows, Locked is disabled, no intro', async () => {
    nameStatus = { status: 'verified', athlete_name: 'Casey Morrow', pending_requested_name: null };
    renderPage();
    await waitFor(() => expect(toggle()).toHaveTextContent('Verified'));
    expect(nameField()).toHaveValue('Casey Morrow');
    expect(nameField()).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Locked' })).toBeDisabled();
    expect(screen.getByText('Your name has been approved and is now locked.')).toBeVisible();
    expect(screen.queryByText('Select your name to verify your identity and unlock all features.')).toBeNull();
  });

  it('rejected: the hint asks for a corrected name and the field is open again', async () => {
    nameStatus = { status: 'rejected', athlete_name: null, pending_requested_name: null };
    localStorage.setItem(LOCAL_PROFILE_KEY, JSON.stringify({ profile_name: 'Jordan Reyez', account: 'user-1' }));
    renderPage();
    await waitFor(() => expect(toggle()).toHaveTextContent('Rejected'));
    expect(
      screen.getByText('Your previous submission was rejected. Please correct your name and submit again.'),
    ).toBeVisible();
    expect(nameField()).toHaveValue('Jordan Reyez');
    expect(nameField()).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Submit for verification' })).toBeEnabled();
  });
});

describe('the contacts', () => {
  it('validate on save, then as one types; save to one key with a toast', async () => {
    renderPage();
    await waitFor(() => expect(toggle()).toHaveTextContent('Action needed'));
    const phone = screen.getByLabelText('Phone');
    fireEvent.change(phone, { target: { value: '555 1234' } });
    fireEvent.blur(phone);
    expect(screen.queryByText('Enter a valid phone number.')).toBeNull();
    fireEvent.change(screen.getByLabelText('X (Twitter)'), { target: { value: 'x.com/me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save locally' }));
    expect(screen.getByText('Enter a valid phone number.')).toBeVisible();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveFocus();
    expect(screen.getByText('Enter a valid URL starting with http(s)://')).toBeVisible();
    expect(localStorage.getItem(LOCAL_PROFILE_KEY) ?? '').not.toContain('555 1234');
    fireEvent.change(phone, { target: { value: '555 123 456' } });
    expect(screen.getByText('Enter a valid phone number.')).toBeVisible();
    fireEvent.change(phone, { target: { value: '555 123 4567' } });
    expect(screen.queryByText('Enter a valid phone number.')).toBeNull();

    fireEvent.change(phone, { target: { value: '(555) 123-4567' } });
    fireEvent.change(screen.getByLabelText('X (Twitter)'), { target: { value: 'https://x.com/me' } });
    fireEvent.change(screen.getByLabelText('X (Twitter) visibility'), { target: { value: 'organizers' } });
    expect(screen.getByLabelText('Phone visibility')).toHaveValue('private');
    fireEvent.click(screen.getByRole('button', { name: 'Save locally' }));
    expect(within(toasts()).getByText('Contacts saved to this device.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(LOCAL_PROFILE_KEY)!)).toMatchObject({
      phone: '(555) 123-4567',
      phone_visibility: 'private',
      links: { x: { url: 'https://x.com/me', visibility: 'organizers' } },
      account: 'user-1',
    });
    for (const label of ['Facebook', 'Instagram', 'YouTube']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
      const select = screen.getByLabelText(`${label} visibility`);
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Public', 'Organizers', 'Private']);
    }
  });
});

describe('the Challenges panel', () => {
  it('is marked Coming soon', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: /Challenges/ })).toHaveTextContent('Coming soon');
  });
});
