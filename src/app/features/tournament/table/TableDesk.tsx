import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { QUEUE_LABELS } from '../../../../shared/tournament/index.ts';
import { resultText } from '../../../../shared/tournament-contract/match-row.ts';
import { resultContext } from '../../../../shared/tournament-contract/result-outbox.ts';
import type { TableDevice } from '../../../../shared/tournament-contract/table.ts';
import { ApiResponseError } from '../../../lib/api.ts';
import { useAfterFirstContent, useFirstContentWhen } from '../../../lib/first-content.ts';
import { useLiveTournament } from '../common/live-tournament.ts';
import { saveFailure } from '../../../lib/save-errors.ts';
import { matchLabel } from '../common/category-state.ts';
import { tournamentKeys, tournamentQuery } from '../common/tournament-api.ts';
import { useOutboxEntries } from '../../../outbox/use-outbox.ts';
import { useToast } from '../../../ui/toast.tsx';
// Static, not loaded at the first tap: a device that went offline before its first tap must still record it.
import { dropEntry, recordTableResult, takeBackQueued } from '../common/results-outbox.ts';
import { NowPulling, type Decision } from './NowPulling.tsx';
import { reportTableStatus, undoTableResult } from './table-api.ts';
import { heldByRead, isTableResult } from '../common/device-plan.ts';
import { planTable, type PlannedMatch } from './table-plan.ts';
import { readMarks, saveMarks, type Marks } from './table-store.ts';

/** How often the device tells the head table what waits, besides each change (any request counts as contact). */
const STATUS_EVERY_MS = 60_000;

const matchKey = (m: PlannedMatch) => `${m.category.id}:${m.state.code}:${m.a.entry}:${m.b.entry}`;
const noMarks = (match: string): Marks => ({
  match,
  warnings_a: 0,
  warnings_b: 0,
  fouls_a: 0,
  fouls_b: 0,
  calledAt: null,
});
const hasStarted = (m: Marks | null) =>
  !!m && (m.calledAt !== null || m.warnings_a + m.warnings_b + m.fouls_a + m.fouls_b > 0);

/** '3 results waiting since 14:05', '1 result waiting since 09:58'. */
export function waitingText(count: number, since: number): string {
  const time = new Date(since).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `${count} ${count === 1 ? 'result' : 'results'} waiting since ${time}`;
}

/**
 * A table at work: its call queue from the server's state and this device's results not yet in it (table-plan.ts),
 * the match now pulling with its two taps, Undo of the last result, the results waiting to be delivered and those
 * the server refused, with the server's result. Kept fresh by the live stream; told to the head table's overview.
 */
export function TableDesk({
  tableKey,
  device,
  onRevoked,
}: {
  tableKey: string;
  device: TableDevice;
  onRevoked: () => void;
}) {
  const tournamentId = device.tournament_id;
  const query = useQuery(tournamentQuery(tournamentId));
  useLiveTournament(tournamentId);
  const client = useQueryClient();
  const toast = useToast();
  const entries = useOutboxEntries();
  const [marks, setMarks] = useState<Marks | null>(null);
  useEffect(() => void readMarks().then((m) => m && setMarks((now) => now ?? m)), []);

  // The desk is drawn from the read in a render of its own after the answer came (a transition, which React renders
  // in slices): the answer re-renders synchronously (React Query reads it through useSyncExternalStore), and the
  // plan, the match now pulling and the queue were one task of 129-131 ms at Lighthouse's slow setting.
  const latest = useMemo(
    () => (query.data ? { tournament: query.data, readAt: query.dataUpdatedAt } : null),
    [query.data, query.dataUpdatedAt],
  );
  const read = useDeferredValue(latest);
  const plan = useMemo(
    () =>
      read
        ? planTable({ tournament: read.tournament, table: device.table, key: tableKey, entries, readAt: read.readAt })
        : null,
    [read, device.table, tableKey, entries],
  );
  // The call queue (or why there is none) is the table's first content: what waits for it (the worker, the outbox's
  // start, the shell's later parts) then does not take a slow hall connection from it.
  useFirstContentWhen(plan !== null || query.isError);
  const now = plan?.queue[0];
  const nowMarks = now ? (marks?.match === matchKey(now) ? marks : noMarks(matchKey(now))) : null;
  // The last result can be taken back until the match now pulling starts (called, or marked). The marks kept are
  // those of the match now pulling only: the ones of the match just recorded do not count.
  const undoable = plan?.undo && !hasStarted(nowMarks) ? plan.undo : null;

  const mine = entries.filter(isTableResult(tableKey));
  // A result delivered that the read does not hold yet: read again, so the server's state takes over from the replay.
  const sentSinceRead =
    !!query.data && mine.some((e) => e.state === 'sent' && !heldByRead(e, query.data, query.dataUpdatedAt));
  // A result refused (409): the server has another state than this device planned with; read it and re-plan.
  const refusedCount = mine.filter((e) => e.state === 'failed').length;
  useEffect(() => {
    if (sentSinceRead || refusedCount > 0) {
      void client.invalidateQueries({ queryKey: tournamentKeys.detail(tournamentId) });
    }
  }, [sentSinceRead, refusedCount, client, tournamentId]);

  const waiting = plan?.waiting.length ?? 0;
  const since = plan?.waiting[0]?.createdAt ?? null;
  useStatusReport(tableKey, waiting, since, onRevoked);

  const updateMarks = (next: Marks) => {
    setMarks(next);
    void saveMarks(next);
  };

  const record = async (match: PlannedMatch, d: Decision) => {
    const m = nowMarks ?? noMarks(matchKey(match));
    const [winner, loser] = d.winner === 'A' ? [match.a, match.b] : [match.b, match.a];
    const summary = `${matchLabel(match.row)}, ${match.category.name}: ${resultText(winner.name, loser.name, d.method)}`;
    await recordTableResult(
      tableKey,
      {
        tournament: tournamentId,
        category: match.category.id,
        match: match.row.id,
        code: match.state.code,
        a: match.a.entry,
        b: match.b.entry,
      },
      {
        winner: d.winner,
        method: d.method,
        warnings_a: m.warnings_a,
        warnings_b: m.warnings_b,
        fouls_a: d.fouls_a ?? m.fouls_a,
        fouls_b: d.fouls_b ?? m.fouls_b,
        recorded_at: new Date().toISOString(),
      },
      summary,
    );
    toast.show(`Recorded: ${winner.name} beat ${loser.name}.`, { tone: 'success' });
  };

  const undo = async () => {
    const last = undoable?.entry;
    const ref = last && resultContext(last);
    if (!last || !ref) return;
    const was = await takeBackQueued(last.id);
    if (was === 'waiting') return toast.show('Result taken back.', { tone: 'success' });
    if (was !== 'sent') return toast.show('The result is on its way: try again in a moment.', { tone: 'info' });
    try {
      await undoTableResult(tableKey, tournamentId, ref.match);
      await dropEntry(last.id);
      await client.invalidateQueries({ queryKey: tournamentKeys.detail(tournamentId) });
      toast.show('Result taken back.', { tone: 'success' });
    } catch (error) {
      if (error instanceof ApiResponseError && error.status === 401) return onRevoked();
      toast.show(saveFailure(error) ?? 'Undo needs a connection: try again when it is back.', { tone: 'error' });
    }
  };

  return (
    <section className="table-screen" aria-labelledby="table-title">
      <header className="table-header">
        <h1 id="table-title">Table {device.table}</h1>
        <p className="muted">{device.tournament_name}</p>
        <p className="table-outbox" role="status">
          {waiting > 0 && since !== null ? waitingText(waiting, since) : 'Every result is delivered.'}
        </p>
      </header>
      {!plan ? (
        <p role="status">
          {query.isError ? 'The brackets could not be read. Check the connection.' : 'Loading the brackets…'}
        </p>
      ) : plan.categories.length === 0 ? (
        <p>No category is at this table yet. The head table assigns them.</p>
      ) : (
        <>
          {plan.refused.length > 0 ? (
            <section className="table-refused" aria-labelledby="table-refused-title">
              <h2 id="table-refused-title">Refused by the server</h2>
              <ul>
                {plan.refused.map((r) => (
                  <li key={r.entry.id}>
                    <p>
                      <strong>Not recorded:</strong> {r.summary}. {r.reason}
                    </p>
                    {r.server ? <p>The server has: {r.server}.</p> : null}
                    <button type="button" className="button secondary small" onClick={() => void dropEntry(r.entry.id)}>
                      Dismiss
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {now && nowMarks ? (
            <NowPulling
              key={matchKey(now)}
              match={now}
              marks={nowMarks}
              settings={read!.tournament.settings}
              onMarks={updateMarks}
              onDecide={(d) => record(now, d)}
            />
          ) : (
            <p className="table-idle">No match is ready at this table.</p>
          )}
          {plan.queue.slice(1, QUEUE_LABELS.length).map((m, i) => (
            <QueueCard key={matchKey(m)} label={QUEUE_LABELS[i + 1]!} match={m} />
          ))}
          {plan.queue.length > QUEUE_LABELS.length ? (
            <p className="muted">
              {plan.queue.length - QUEUE_LABELS.length} more ready{' '}
              {plan.queue.length - QUEUE_LABELS.length === 1 ? 'match' : 'matches'} after these.
            </p>
          ) : null}
          {undoable ? (
            <div className="table-undo">
              <p className="muted">Last result: {undoable.summary}</p>
              <button type="button" className="button secondary table-big" onClick={() => void undo()}>
                Undo
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

/** 'On deck', 'In the hole': the category and both athletes with their clubs. */
function QueueCard({ label, match }: { label: string; match: PlannedMatch }) {
  return (
    <section className="table-card" aria-label={label}>
      <h2>{label}</h2>
      <p className="muted">
        {match.category.name} · {matchLabel(match.row)}
      </p>
      <p className="table-pair">
        <AthleteName athlete={match.a} /> <span className="muted">vs</span> <AthleteName athlete={match.b} />
      </p>
    </section>
  );
}

export function AthleteName({ athlete }: { athlete: { name: string; club: string | null } }) {
  return (
    <span className="table-athlete">
      <strong>{athlete.name}</strong>
      {athlete.club ? <span className="muted"> · {athlete.club}</span> : null}
    </span>
  );
}

/**
 * Tells the server how many results wait on this device and since when (the head table's overview), on every
 * change and every minute while online, from the moment the call queue is up (the read of the key has just said
 * the device is in contact). A refused key (401/403) turns the screen to its refusal.
 */
function useStatusReport(key: string, waiting: number, since: number | null, onRevoked: () => void) {
  const mayReport = useAfterFirstContent();
  useEffect(() => {
    if (!mayReport) return;
    const report = () => {
      if (!navigator.onLine) return;
      reportTableStatus(key, { waiting, since: since === null ? null : new Date(since).toISOString() }).catch(
        (error: unknown) => {
          if (error instanceof ApiResponseError && (error.status === 401 || error.status === 403)) onRevoked();
        },
      );
    };
    report();
    const timer = setInterval(report, STATUS_EVERY_MS);
    addEventListener('online', report);
    return () => {
      clearInterval(timer);
      removeEventListener('online', report);
    };
    // onRevoked changes identity with each render of the parent; the report is about the outbox only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, waiting, since, mayReport]);
}
