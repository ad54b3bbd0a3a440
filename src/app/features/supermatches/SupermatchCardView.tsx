import { Link } from '@tanstack/react-router';
import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { SupermatchCard } from '../../../shared/answers/supermatches.ts';
import type { Units } from '../../../shared/association.ts';
import { REDUCED_MOTION, useMediaQuery } from '../../lib/use-media-query.ts';
import {
  cardAnchor,
  cardHandLabel,
  isPast,
  dateLabel,
  timerState,
  timerText,
  weightText,
  winnerOf,
} from './card-rules.ts';
import { CardBack } from './CardBack.tsx';
import { Portraits } from './Portraits.tsx';
import { angleAt, boostSpin, faceAt, planSpin, recentTaps, SPIN_IMPULSE, TAPS_TO_SPIN, type Spin } from './spin.ts';
import { useTickingClock } from './use-ticking-clock.ts';

function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The flip and the free spin: the resting angle, and the spin in progress (driven frame by frame). */
function useFlipSpin(reduced: boolean) {
  const [angle, setAngle] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const inner = useRef<HTMLDivElement>(null);
  const taps = useRef<number[]>([]);
  const spin = useRef<{ plan: Spin; started: number; frame: number } | null>(null);

  const run = useCallback((plan: Spin) => {
    const started = performance.now();
    const step = (t: number) => {
      const s = spin.current;
      if (!s) return;
      const elapsed = (t - s.started) / 1000;
      if (inner.current) inner.current.style.transform = `rotateY(${angleAt(s.plan, elapsed)}deg)`;
      if (elapsed >= s.plan.duration) {
        spin.current = null;
        setAngle(s.plan.to);
        setSpinning(false);
        return;
      }
      s.frame = requestAnimationFrame(step);
    };
    if (spin.current) cancelAnimationFrame(spin.current.frame);
    spin.current = { plan, started, frame: requestAnimationFrame(step) };
    setSpinning(true);
  }, []);

  useEffect(() => () => void (spin.current && cancelAnimationFrame(spin.current.frame)), []);

  const tap = () => {
    const now = performance.now();
    const s = spin.current;
    if (s) {
      run(boostSpin(s.plan, (now - s.started) / 1000));
      return;
    }
    taps.current = recentTaps(taps.current, now);
    if (!reduced && taps.current.length >= TAPS_TO_SPIN) {
      // Each quick tap gave it a push: three reach the speed cap.
      run(planSpin(angle, SPIN_IMPULSE * taps.current.length));
      taps.current = [];
      return;
    }
    setAngle((a) => a + 180);
  };

  return { angle, spinning, inner, tap, face: faceAt(angle) };
}

/**
 * A supermatch card. The front: both athletes, the hand, weights, date,
 * place and event, with a timer until the bout (ticking only near the
 * screen) or the result. A tap flips it to the back (ranks, medals and the
 * head-to-head, fetched the first time it shows); three quick taps spin it
 * until it rests on a face. With reduced motion a tap only flips, without
 * turning. Admins get a pencil to edit the pictures (`onEdit`). Memoized:
 * while a long list grows in steps, the cards already there are not drawn
 * again.
 */
export const SupermatchCardView = memo(function SupermatchCardView({
  card,
  units,
  highlighted = false,
  eager = false,
  onEdit,
}: {
  card: SupermatchCard;
  /** The association's unit, which the card's weights are answered in: one read for the whole list. */
  units: Units;
  highlighted?: boolean;
  /** Among the first cards on screen: its pictures load at once (see Portraits). */
  eager?: boolean;
  onEdit?: ((card: SupermatchCard) => void) | undefined;
}) {
  const reduced = useMediaQuery(REDUCED_MOTION);
  const { angle, spinning, inner, tap, face } = useFlipSpin(reduced);
  const [backSeen, setBackSeen] = useState(false);
  if ((face === 'back' || spinning) && !backSeen) setBackSeen(true);

  const root = useRef<HTMLElement>(null);
  const now = useTickingClock(root, !isPast(card));
  const timer = timerState(card, now);
  const winner = winnerOf(card);
  const titleId = useId();
  const title = `${card.a} vs ${card.b}`;
  const weightOf = (side: 'a' | 'b') => weightText(side === 'a' ? card.weightA : card.weightB, units);

  return (
    <article
      ref={root}
      id={cardAnchor(card.id)}
      className={`sm-card${highlighted ? ' is-highlighted' : ''}`}
      aria-labelledby={titleId}
      data-face={spinning ? 'spinning' : face}
      data-spinning={spinning ? 'true' : undefined}
      style={{ '--hue': card.hue } as React.CSSProperties}
    >
      <h2 id={titleId} className="visually-hidden">
        {title}
      </h2>
      <div className="sm-card-top">
        <span className="sm-chip">{cardHandLabel(card.hand)}</span>
        {timer.kind === 'result' ? (
          <span className="sm-result">
            Final {card.aWins}–{card.bWins}
          </span>
        ) : (
          <span
            className={`sm-timer${timer.kind === 'live' ? ' is-live' : ''}${timer.kind === 'countdown' && timer.soon ? ' is-soon' : ''}`}
            data-soon={timer.kind === 'countdown' && timer.soon ? 'true' : undefined}
          >
            {timerText(timer)}
          </span>
        )}
        {onEdit ? (
          <button
            type="button"
            className="sm-edit"
            aria-label={`Edit images for ${title}`}
            onClick={() => onEdit(card)}
          >
            <PencilIcon />
          </button>
        ) : null}
      </div>

      <div className="sm-flip">
        <div
          ref={inner}
          className={`sm-inner${spinning ? ' is-spinning' : ''}`}
          style={spinning ? undefined : { transform: `rotateY(${angle}deg)` }}
        >
          <div className="sm-face sm-front" inert={!spinning && face !== 'front'}>
            <Portraits card={card} eager={eager} />
            <div className="sm-names">
              {(['a', 'b'] as const).map((side) => (
                <p
                  key={side}
                  className={`sm-name sm-name-${side}${winner ? (winner === side ? ' is-winner' : ' is-loser') : ''}`}
                >
                  <strong>{side === 'a' ? card.a : card.b}</strong>
                  {winner === side ? <span className="sm-winner-tag">Winner</span> : null}
                  {weightOf(side) ? <span className="sm-weight">{weightOf(side)}</span> : null}
                </p>
              ))}
            </div>
          </div>
          <div className="sm-face sm-back" inert={!spinning && face !== 'back'}>
            {/* The back's table is made when it first shows: it is never taller than the front until its
                data arrives, and a list of cards lays out half as much at start. */}
            {backSeen ? <CardBack card={card} /> : null}
          </div>
        </div>
        <button
          type="button"
          className="sm-flip-button"
          aria-pressed={face === 'back'}
          aria-label={`Flip card: ${title}`}
          title={face === 'back' ? 'Show the front' : 'Show ranks and head-to-head'}
          onClick={tap}
        />
      </div>

      <p className="sm-meta">
        <span className="sm-date">{dateLabel(card.date, new Date(now))}</span>
        {card.location ? <span className="sm-place">{card.location}</span> : null}
        {card.eventName ? (
          <Link className="sm-event" to="/events" search={{ event: card.eventName, from: 'supermatch' }}>
            {card.eventName}
          </Link>
        ) : null}
      </p>
    </article>
  );
});
