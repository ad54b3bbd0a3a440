import { lazy, Suspense, useId, useState } from 'react';
import { categoryTableSchema, type TournamentCategory } from '../../../../shared/tournament-contract/category.ts';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import { validateWith } from '../../../lib/form-validation.ts';
import { saveFailure } from '../../../lib/save-errors.ts';
import { tournamentKeys } from '../common/tournament-api.ts';
import { useSaveForm } from '../../../lib/use-save-form.ts';
import { ConfirmDialog } from '../../../ui/Dialog.tsx';
import { FormAlert, SelectField } from '../../../ui/Field.tsx';
import { useToast } from '../../../ui/toast.tsx';
import { assignTable, createTableLink, headTableKeys, revokeTableLinks } from './head-table-api.ts';

// The encoder comes only with the first QR code shown.
const QrCode = lazy(() => import('./QrCode.tsx'));

/** The tables a tournament's categories are pulled at, in order. */
export const tablesInUse = (tournament: Tournament): number[] =>
  [...new Set(tournament.categories.flatMap((c) => (c.table === null ? [] : [c.table])))].sort((x, y) => x - y);

/**
 * 'Tables': each category's table (it can be moved while it runs: the table's devices follow the public read),
 * and for each table in use its link for a phone at the table (a link and a QR code), and revoking its links.
 */
export function Tables({ tournament }: { tournament: Tournament }) {
  const headingId = useId();
  const tables = tablesInUse(tournament);
  // Room for a new table beyond the highest in use; the contract's limit is 99.
  const choices = Math.min(99, Math.max(8, (tables[tables.length - 1] ?? 0) + 1));
  return (
    <section className="head-table-tables" aria-labelledby={headingId}>
      <h2 id={headingId}>Tables</h2>
      <ul className="head-table-assignments" aria-label="Categories at tables">
        {tournament.categories.map((c) => (
          <TableAssignment
            key={`${c.id}:${c.table ?? ''}`}
            tournamentId={tournament.id}
            category={c}
            choices={choices}
          />
        ))}
      </ul>
      {tables.length ? (
        <ul className="head-table-links" aria-label="Table links">
          {tables.map((n) => (
            <TableLinkRow key={n} tournamentId={tournament.id} table={n} />
          ))}
        </ul>
      ) : (
        <p className="muted">Put a category at a table to make the table’s link.</p>
      )}
    </section>
  );
}

function TableAssignment({
  tournamentId,
  category,
  choices,
}: {
  tournamentId: number;
  category: TournamentCategory;
  choices: number;
}) {
  const toast = useToast();
  const form = useSaveForm({
    initial: () => ({ table: category.table === null ? '' : String(category.table) }),
    check: (v) => validateWith(categoryTableSchema.safeParse({ table: v.table ? Number(v.table) : null })),
    save: (body) => assignTable(tournamentId, category.id, body),
    invalidates: [tournamentKeys.detail(tournamentId), headTableKeys.tournament(tournamentId)],
    onSaved: () => toast.show(`${category.name}: table saved.`, { tone: 'success' }),
  });
  const options = [
    ['', 'No table'] as const,
    ...Array.from({ length: choices }, (_, i) => [String(i + 1), `Table ${i + 1}`] as const),
  ];
  return (
    <li>
      <form className="head-table-row" onSubmit={form.onSubmit} noValidate aria-label={`Table of ${category.name}`}>
        <span className="head-table-name">{category.name}</span>
        <SelectField label="Table" options={options} {...form.bind('table')} />
        <div className="form-actions">
          <button
            type="submit"
            className="button secondary small"
            disabled={form.saving || form.values.table === (category.table === null ? '' : String(category.table))}
          >
            {form.saving ? 'Saving…' : 'Save table'}
          </button>
        </div>
        <FormAlert>{form.failure}</FormAlert>
      </form>
    </li>
  );
}

/**
 * A table's link: made on request and shown this once, as a link, a QR code and 'Copy link' (the server keeps
 * only its hash, so a lost link is replaced by a new one). 'Revoke links' stops every device of the table.
 */
function TableLinkRow({ tournamentId, table }: { tournamentId: number; table: number }) {
  const toast = useToast();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState<'link' | 'revoke' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const make = async () => {
    setBusy('link');
    try {
      const link = await createTableLink(tournamentId, table);
      setUrl(link.url);
      setCopied(false);
    } catch (error) {
      toast.show(saveFailure(error) ?? 'The link could not be made.', { tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const revoke = async () => {
    setBusy('revoke');
    try {
      await revokeTableLinks(tournamentId, table);
      setUrl(null);
      setConfirming(false);
      toast.show(`Table ${table}: links revoked.`, { tone: 'success' });
    } catch (error) {
      toast.show(saveFailure(error) ?? 'The links could not be revoked.', { tone: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <li className="table-link" aria-labelledby={headingId}>
      <h3 id={headingId}>Table {table}</h3>
      <div className="form-actions">
        <button type="button" className="button secondary small" disabled={busy !== null} onClick={() => void make()}>
          {busy === 'link' ? 'Making the link…' : url ? 'New table link' : 'Table link'}
        </button>
        <button
          type="button"
          className="button secondary small"
          disabled={busy !== null}
          onClick={() => setConfirming(true)}
        >
          Revoke links
        </button>
      </div>
      {url ? (
        <div className="table-link-made">
          <p>
            <a href={url} className="table-link-url">
              {url}
            </a>
          </p>
          <button
            type="button"
            className="button secondary small"
            onClick={() =>
              void navigator.clipboard?.writeText(url).then(
                () => setCopied(true),
                () => toast.show('The link could not be copied: select it and copy it.', { tone: 'error' }),
              )
            }
          >
            {copied ? 'Copied' : 'Copy link'}
          </button>
          <Suspense fallback={<p className="muted">Drawing the QR code…</p>}>
            <QrCode text={url} label={`QR code of the link of Table ${table}`} />
          </Suspense>
          <p className="muted">Shown only now: the server keeps no copy. A lost link is replaced by a new one.</p>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={`Revoke the links of Table ${table}?`}
          action="Revoke links"
          busy={busy === 'revoke' && 'Revoking…'}
          onConfirm={() => void revoke()}
          onCancel={() => setConfirming(false)}
        >
          <p>Every device opened with a link of this table stops recording. Results it still holds are refused.</p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
