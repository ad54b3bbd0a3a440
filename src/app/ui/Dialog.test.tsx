// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Placeholder } from './Placeholder.tsx';
import { Dialog } from './Dialog.tsx';

beforeEach(() => {
  // jsdom has no modal dialogs: open and close like a browser would, without the top layer.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(cleanup);

describe('accessible names', () => {
  it('two dialogs on screen at once (one closing while another opens): each is named by its own title', () => {
    render(
      <>
        <Dialog title="Closing athlete" onClose={() => undefined}>
          <p>first</p>
        </Dialog>
        <Dialog title="Opening athlete" onClose={() => undefined}>
          <p>second</p>
        </Dialog>
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'Closing athlete' })).toHaveTextContent('first');
    expect(screen.getByRole('dialog', { name: 'Opening athlete' })).toHaveTextContent('second');
  });

  it('two screens rendered at once (one leaving while the next arrives): each is named by its own heading', () => {
    render(
      <>
        <Placeholder title="Clubs">soon</Placeholder>
        <Placeholder title="Supermatches">soon</Placeholder>
      </>,
    );
    expect(screen.getByRole('region', { name: 'Clubs' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Supermatches' })).toBeInTheDocument();
  });
});
