import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useId, useRef } from 'react';
import type { Calibration } from '../../../shared/answers/calibration.ts';
import { LoadBoundary, LoadFailed } from '../../ui/LoadBoundary.tsx';
import { useNearScreen } from '../../lib/use-near-screen.ts';
import {
  bucketRange,
  bucketSentence,
  filledBuckets,
  neededText,
  percent,
  showsChart,
  summaryText,
} from './calibration-text.ts';
import { calibrationQuery } from './ratings-api.ts';
import './ratings.css';

// The chart is nivo's, a chunk of its own (about 90 KB gzipped, shared with the athlete popup's chart): asked for
// only when there is a chart to draw. Its box keeps the chart's room meanwhile.
const CalibrationChart = lazy(() => import('./CalibrationChart.tsx'));

/**
 * `#/ratings`, 'How the rankings work': the rating model in plain words for athletes who argue about their rank,
 * and how well the app's win chance predicted this association's own results (the calibration chart and its
 * table). Each statement says what the code does: skill per hand (server/ratings/model.ts), the leaderboards'
 * cautious order, 'Calibrating' in place of every skill number on the public face (ui/rank-badge.ts), a
 * supermatch weighed by its length, the card back's chance (server/ratings/model.ts matchChance, and the
 * temperature from the association's own results, server/ratings/temperature.ts).
 */
export function RatingsPage() {
  const titleId = useId();
  return (
    <article className="screen ratings-page" aria-labelledby={titleId}>
      <h1 id={titleId}>How the rankings work</h1>
      <p className="ratings-lead">
        Every rank here comes from results: the supermatches and tournaments this association has recorded. This page
        says how a result moves a rating, and how well the app’s win chance has matched what really happened.
      </p>

      <section>
        <h2>A skill for each hand</h2>
        <p>
          Every athlete has two ratings, one for the left hand and one for the right. They are rated apart: a strong
          right arm says nothing about the left.
        </p>
        <p>
          A rating is worked out from results only. It is two things: a best guess of how strong you are, and how sure
          the app is of that guess. A newcomer starts with an average guess and a lot of doubt; every result narrows it.
        </p>
        <p>
          The leaderboards order athletes by a cautious value: the best guess minus a safety margin for the doubt. An
          athlete who is not proven yet ranks lower than their best guess alone would put them, and climbs as results
          make the app surer.
        </p>
      </section>

      <section>
        <h2>Why skill reads ‘Calibrating’</h2>
        <p>
          Where an athlete’s skill number would stand, on the leaderboards and in the athlete popup, the app shows
          ‘Calibrating’. It does so for every athlete, newcomer or not: only the app’s test copies show the numbers. No
          number of results changes that. The ranks and the order of the leaderboards already come from the ratings.
        </p>
      </section>

      <section>
        <h2>What a result does</h2>
        <p>A win moves your best guess up and a loss moves it down, more when the result was a surprise:</p>
        <ul>
          <li>A win against a stronger puller moves you up more than a win against a weaker one.</li>
          <li>A loss to a stronger puller costs little: it was expected. A loss to a weaker one costs more.</li>
          <li>
            In a supermatch every pin counts, weighed by the match’s length: a sweep (3-0) counts as a full win, a close
            score (3-2) as less.
          </li>
          <li>At a tournament, finishing above someone in a bracket counts like a win over them.</li>
        </ul>
        <p>The surer the app is of a rating, the less one result moves it: a newcomer’s first results move it most.</p>
      </section>

      <section>
        <h2>The win chance on a supermatch card</h2>
        <p>
          Turn a card on the <Link to="/supermatches">Supermatches</Link> page over: for a match still to come, its back
          shows each athlete’s chance to win. The chance comes from both athletes’ ratings on that hand (each best guess
          and how sure the app is of it) and from the match’s length, how many pins it takes to win. A longer match
          favours the stronger puller more; two equal pullers stand at 50% at any length.
        </p>
        <p>
          The app also holds its chances to its own record: when this association’s favourites have won less often than
          they were given, it pulls every chance a little toward 50%, and further from it when they won more often. That
          changes the chances shown, never the ratings.
        </p>
      </section>

      <HowWellItPredicts />
    </article>
  );
}

/** The calibration: a summary line, then the chart and its table, or how many more results the chart needs. */
function HowWellItPredicts() {
  const headingId = useId();
  const { data, isPending } = useQuery(calibrationQuery());
  return (
    <section className="calibration" aria-labelledby={headingId}>
      <h2 id={headingId}>How well it predicts</h2>
      <p>
        Every result between two athletes (a supermatch, or a match of a published tournament) is predicted from the
        ratings as they stood the evening before its day, the way the app would have shown it, then checked against what
        happened.
      </p>
      {data ? (
        <CalibrationResults calibration={data} />
      ) : isPending ? (
        <p role="status">Loading…</p>
      ) : (
        <p role="alert">The results could not be loaded. Check the connection and try again.</p>
      )}
    </section>
  );
}

const ChartWaiting = () => <p className="muted calibration-waiting">Loading chart…</p>;

/** What the API's answer says: the summary, then the chart with its sentences and table, or how many more results. */
export function CalibrationResults({ calibration: c }: { calibration: Calibration }) {
  const sentencesId = useId();
  const captionId = useId();
  const filled = filledBuckets(c);
  // The chart (nivo) is far down the page: it loads as the reader scrolls towards it, not with the page's text.
  const frame = useRef<HTMLDivElement>(null);
  const near = useNearScreen(frame);
  return (
    <>
      <p className="calibration-summary">
        <strong>{summaryText(c)}</strong>
      </p>
      {showsChart(c) ? (
        <>
          <p>
            The chart puts the chance the favourite was given (across) against how often the favourite won (up). On the
            dashed diagonal the chance was exactly right; a point below it means favourites won less often than the app
            said, above it more often.
          </p>
          <figure className="calibration-figure">
            <div className="calibration-frame" ref={frame}>
              {near ? (
                <LoadBoundary fallback={<LoadFailed what="The chart" />}>
                  <Suspense fallback={<ChartWaiting />}>
                    <CalibrationChart buckets={filled} describedBy={sentencesId} />
                  </Suspense>
                </LoadBoundary>
              ) : (
                <ChartWaiting />
              )}
            </div>
            <figcaption>
              <ul className="calibration-legend" aria-label="Legend">
                <li className="calibration-legend-results">This association’s results</li>
                <li className="calibration-legend-perfect">A perfect prediction</li>
              </ul>
              <ul id={sentencesId} className="calibration-sentences">
                {filled.map((b) => (
                  <li key={b.from}>{bucketSentence(b)}</li>
                ))}
              </ul>
            </figcaption>
          </figure>
          <div className="calibration-table-wrap">
            <table className="calibration-table" aria-labelledby={captionId}>
              <caption id={captionId}>The favourite’s chance and how often they won</caption>
              <thead>
                <tr>
                  <th scope="col">Favourite’s chance</th>
                  <th scope="col">Matches</th>
                  <th scope="col">Given (mean)</th>
                  <th scope="col">Won</th>
                </tr>
              </thead>
              <tbody>
                {c.buckets.map((b) => (
                  <tr key={b.from}>
                    <th scope="row">{bucketRange(b)}</th>
                    <td>{b.n.toLocaleString('en-US')}</td>
                    <td>{b.predicted === null ? '—' : percent(b.predicted)}</td>
                    <td>{b.observed === null ? '—' : percent(b.observed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="calibration-needed">{neededText(c)}</p>
      )}
    </>
  );
}
