import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { CollapsiblePanel } from '../../ui/CollapsiblePanel.tsx';
import { Field } from '../../ui/Field.tsx';
import { DOWNLOADS, downloadFile, uploadDatabase } from './admin-tools-api.ts';
import { formatBytes, saveFile } from './save-file.ts';
import './admin-tools.css';

export const DOWNLOAD_FAILED = 'Download failed';
export const UPLOAD_FAILED = 'Upload failed';
export const UPLOAD_DONE = 'Upload successful. The app will use the new database immediately.';

/** The database files the picker offers, and the rule checked again before an upload. */
const DB_EXTENSIONS = ['.db', '.sqlite', '.sqlite3'];
const isDbFile = (f: File) => DB_EXTENSIONS.some((ext) => f.name.toLowerCase().endsWith(ext));

/** A tool's outcome; a failure also carries the server's reason (a refused file says what is wrong with it). */
type Message = { tone: 'ok' | 'error'; text: string; detail?: string } | null;
const reasonOf = (err: unknown) => (err instanceof Error && err.message ? err.message : undefined);

/**
 * The developer's database tools: take the live database or the fallback
 * file away, or replace the live database with a file (after a confirmation,
 * since everyone sees the new data at once). One action at a time: while one
 * runs the buttons wait and 'Working…' says so.
 */
export function DatabaseTools() {
  const uid = useId();
  const client = useQueryClient();
  const pickerRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState(0);
  const [message, setMessage] = useState<Message>(null);

  const download = useMutation({
    mutationFn: async (which: keyof typeof DOWNLOADS) => {
      saveFile(await downloadFile(which), DOWNLOADS[which].filename);
    },
    onMutate: () => setMessage(null),
    onError: (err) => setMessage({ tone: 'error', text: DOWNLOAD_FAILED, detail: reasonOf(err) }),
  });
  const upload = useMutation({
    mutationFn: (f: File) => {
      setProgress(0);
      return uploadDatabase(f, setProgress);
    },
    onMutate: () => setMessage(null),
    onSuccess: async () => {
      setMessage({ tone: 'ok', text: UPLOAD_DONE });
      setFile(null);
      if (pickerRef.current) pickerRef.current.value = '';
      // Every answer the app holds may have changed with the database: read them all again.
      await client.invalidateQueries();
    },
    onError: (err) => setMessage({ tone: 'error', text: UPLOAD_FAILED, detail: reasonOf(err) }),
  });
  const busy = download.isPending || upload.isPending;
  const wrongType = file !== null && !isDbFile(file);

  return (
    <CollapsiblePanel title="Developer Database Tools" className="admin-panel" defaultOpen={false}>
      <div className="db-tools">
        <div className="db-tools-group">
          <div className="db-tools-row">
            <button type="button" className="button" disabled={busy} onClick={() => download.mutate('db')}>
              Download Current DB
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={busy}
              aria-describedby={`${uid}-fallback-hint`}
              onClick={() => download.mutate('fallback')}
            >
              Export Fallback JSON
            </button>
          </div>
          <p id={`${uid}-fallback-hint`} className="field-hint">
            The fallback JSON is what the app shows when the backend is unavailable.
          </p>
        </div>

        <div className="db-tools-group">
          <Field
            label="Database file (.db, .sqlite, .sqlite3)"
            hint={
              file
                ? `${file.name} (${formatBytes(file.size)})`
                : 'The chosen file replaces the live database once you confirm.'
            }
            error={
              wrongType && file ? `${file.name} is not a database file: choose a .db, .sqlite or .sqlite3 file.` : null
            }
          >
            {(control) => (
              <input
                {...control}
                ref={pickerRef}
                className="input db-file-input"
                type="file"
                accept={DB_EXTENSIONS.join(',')}
                disabled={busy}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setMessage(null);
                }}
              />
            )}
          </Field>
          <div className="db-tools-row">
            <button
              type="button"
              className="button"
              disabled={busy || !file || wrongType}
              onClick={() => setConfirming(true)}
            >
              Upload &amp; Replace DB
            </button>
            {busy ? (
              <span className="db-working" role="status">
                Working…
              </span>
            ) : null}
          </div>
          {upload.isPending ? (
            <div className="db-progress">
              <label htmlFor={`${uid}-progress`}>Upload progress</label>
              <progress id={`${uid}-progress`} max={100} value={progress}>
                {progress}%
              </progress>
              <span aria-hidden="true">{progress}%</span>
            </div>
          ) : null}
        </div>

        {message ? (
          <p
            className={`admin-message ${message.tone === 'error' ? 'field-error' : 'admin-message-ok'}`}
            role={message.tone === 'error' ? 'alert' : 'status'}
          >
            {message.text}
            {message.detail ? <span className="admin-message-detail">{message.detail}</span> : null}
          </p>
        ) : null}
      </div>

      {confirming && file ? (
        <ConfirmDialog
          title="Replace the live database?"
          action="Replace database"
          onConfirm={() => {
            setConfirming(false);
            upload.mutate(file);
          }}
          onCancel={() => setConfirming(false)}
        >
          <p>
            {file.name} ({formatBytes(file.size)}) replaces the database the app is using now. Everyone sees its data at
            once, and what the current database holds is gone unless you downloaded it.
          </p>
        </ConfirmDialog>
      ) : null}
    </CollapsiblePanel>
  );
}
