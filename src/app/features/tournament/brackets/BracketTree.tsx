import { Fragment, memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import type { TournamentCategory } from '../../../../shared/tournament-contract/category.ts';
import type { BracketLayout, LayoutMetrics, LayoutSection } from '../common/bracket-layout.ts';
import { matchLabel, SECTION_TITLES } from '../common/category-state.ts';
import { nowPulling } from './bracket-view.ts';
import { categoryLayout, connectorPath, litPath, startBox, treeBoxes, type TreeBox } from './tree-model.ts';

/**
 * A category's bracket drawn as a tree: the winners' bracket, the losers' bracket below it and the final to the
 * right (common/bracket-layout.ts says where each box stands), every box with its code, table, state, athletes
 * and result, lines to the boxes that feed it, an athlete's path lit.
 *
 * Reused by other screens: give it the category and the tournament's settings; `categories` (the tournament's)
 * lets it tell which match its table is pulling now; `highlight` lights entries' paths; `controls` adds panning
 * and zooming (drag, the native scroll, pinch, and '+', '−', 'Fit' buttons) for a phone; without them it shows
 * at `zoom` (a number, or 'fit' to show it whole) and nothing scrolls.
 */
export interface BracketTreeProps {
  category: TournamentCategory;
  settings: Tournament['settings'];
  categories?: readonly TournamentCategory[];
  highlight?: readonly number[];
  controls?: boolean;
  zoom?: number | 'fit';
  /** Nothing is pressed here (the hall's TV): the boxes are not buttons, only what they say. */
  still?: boolean;
}

/** The page's sizes, in CSS pixels at zoom 1 (brackets.css draws the box to them). */
export const TREE_METRICS: LayoutMetrics = {
  boxWidth: 208,
  boxHeight: 76,
  columnGap: 36,
  rowGap: 12,
  headerHeight: 64,
  sectionGap: 24,
};

const MAX_ZOOM = 2;
/** A floor for 'Fit' (a viewport not laid out yet measures 0). */
const MIN_ZOOM = 0.05;
const STEP = 1.25;
/** How far a mouse drag moves before it is a pan rather than a press of the box under it. */
const DRAG_SLOP = 5;

interface Anchor {
  /** The drawing's point (at zoom 1) to keep under the viewport's point (ax, ay). */
  x: number;
  y: number;
  ax: number;
  ay: number;
}

export function BracketTree({
  category,
  settings,
  categories,
  highlight,
  controls = false,
  zoom: initialZoom = controls ? 1 : 'fit',
  still = false,
}: BracketTreeProps) {
  const layout = useMemo(() => categoryLayout(category, settings, TREE_METRICS), [category, settings]);
  const front = useMemo(
    () => nowPulling({ settings, categories: categories ?? [category] }, category),
    [settings, categories, category],
  );
  const boxes = useMemo(() => treeBoxes(layout, category, front), [layout, category, front]);
  const [pressed, setPressed] = useState<string | null>(null);
  const lit = useMemo(() => {
    const pick = pressed ? boxes.find((b) => b.box.code === pressed) : undefined;
    return litPath(boxes, layout.connectors, new Set(pick ? pick.entries : (highlight ?? [])));
  }, [boxes, layout, highlight, pressed]);
  const onPress = useCallback((code: string) => setPressed((p) => (p === code ? null : code)), []);

  const viewport = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState(typeof initialZoom === 'number' ? initialZoom : 1);
  // What the viewport shows, so that only the boxes in and near it are drawn (a category of 128 has 254; a
  // phone shows a dozen). Before the viewport is measured: where it opens, at the window's size.
  const [scroll, setScroll] = useState<Scroll>(() => {
    const width = window.innerWidth;
    const height = window.innerHeight * 0.75;
    const at = openingScroll(layout, startBox(category, front, highlight?.[0]), zoom, height);
    return { ...at, width, height };
  });
  const shown = controls ? shownRect(scroll, zoom) : null;
  const [pinned, setPinned] = useState<string | null>(null);
  const zoomRef = useRef(zoom);
  useLayoutEffect(() => {
    zoomRef.current = zoom;
  }, [zoom]);
  const anchor = useRef<Anchor | null>(null);
  const fitZoom = useCallback(() => {
    const v = viewport.current;
    if (!v) return 1;
    const fits = Math.min(1, (v.clientWidth - 4) / layout.width, (v.clientHeight - 4) / layout.height);
    return Math.max(MIN_ZOOM, fits);
  }, [layout]);
  const minZoom = useCallback(() => Math.min(0.5, fitZoom()), [fitZoom]);

  /** Zooms to `next`, keeping the point under the viewport's (ax, ay), its centre by default, where it was. */
  const zoomTo = useCallback(
    (next: number, ax?: number, ay?: number) => {
      const v = viewport.current;
      if (!v) return;
      const z = Math.min(MAX_ZOOM, Math.max(minZoom(), next));
      const x = ax ?? v.clientWidth / 2;
      const y = ay ?? v.clientHeight / 2;
      const a = { x: (v.scrollLeft + x) / zoomRef.current, y: (v.scrollTop + y) / zoomRef.current, ax: x, ay: y };
      anchor.current = a;
      setZoom(z);
      // Where the scroll will stand, so the boxes about to come into view are drawn with the new zoom.
      setScroll(scrollAt(a, z, v));
    },
    [minZoom],
  );
  const fit = useCallback(() => {
    const v = viewport.current;
    const z = fitZoom();
    const a = { x: 0, y: 0, ax: 0, ay: 0 };
    anchor.current = a;
    setZoom(z);
    if (v) setScroll(scrollAt(a, z, v));
  }, [fitZoom]);

  useLayoutEffect(() => {
    const v = viewport.current;
    const a = anchor.current;
    if (!v || !a) return;
    anchor.current = null;
    v.scrollLeft = a.x * zoom - a.ax;
    v.scrollTop = a.y * zoom - a.ay;
  }, [zoom]);

  // Opens on the match being pulled, its column at the left edge, and goes to an athlete's next match when one is
  // looked for; not on each result, which would pull the drawing from under a finger.
  const looked = highlight?.[0];
  useLayoutEffect(() => {
    const v = viewport.current;
    if (!v || initialZoom === 'fit') return;
    const at = openingScroll(layout, startBox(category, front, looked), zoomRef.current, v.clientHeight);
    v.scrollLeft = at.left;
    v.scrollTop = at.top;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening and on a new athlete only
  }, [looked]);

  usePanAndPinch(viewport, controls, zoomRef, zoomTo);

  // The window of boxes follows the scroll (once a frame) and the viewport's size.
  const frameRequest = useRef(0);
  const measure = useCallback(() => {
    const v = viewport.current;
    if (v) setScroll({ left: v.scrollLeft, top: v.scrollTop, width: v.clientWidth, height: v.clientHeight });
  }, []);
  const onScroll = useCallback(() => {
    if (!controls || frameRequest.current) return;
    frameRequest.current = requestAnimationFrame(() => {
      frameRequest.current = 0;
      measure();
    });
  }, [controls, measure]);
  useEffect(() => {
    const v = viewport.current;
    // (ResizeObserver: every browser the app serves; not the component tests' DOM.)
    if (!v || !controls || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(v);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frameRequest.current);
    };
  }, [controls, measure]);

  // Tab goes from box to box in reading order, also to one not drawn yet: it is drawn, then focused (focusing
  // scrolls it into view). The box that has focus stays drawn while the drawing is panned away from it.
  const focusNext = useRef<string | null>(null);
  const order = useMemo(() => boxes.filter((b) => b.box.kind === 'match').map((b) => b.box.code), [boxes]);
  const onKeyDown = useCallback(
    (e: React.KeyboardEvent) => {
      const code = (e.target as HTMLElement).dataset.code;
      if (!shown || e.key !== 'Tab' || e.altKey || e.ctrlKey || e.metaKey || !code) return;
      const next = order[order.indexOf(code) + (e.shiftKey ? -1 : 1)];
      if (!next) return;
      e.preventDefault();
      focusNext.current = next;
      setPinned(next);
    },
    [order, shown],
  );
  useLayoutEffect(() => {
    const code = focusNext.current;
    if (!code || code !== pinned) return;
    focusNext.current = null;
    viewport.current?.querySelector<HTMLElement>(`[data-code="${code}"]`)?.focus();
  }, [pinned]);
  const onFocus = useCallback((e: React.FocusEvent) => {
    const code = (e.target as HTMLElement).dataset.code;
    if (code) setPinned(code);
  }, []);

  // 'fit': the drawing as wide as the room it is given, following that room as it changes.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = frame.current;
    if (!el || initialZoom !== 'fit' || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setZoom(Math.min(MAX_ZOOM, el.clientWidth / layout.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [initialZoom, layout]);

  const shownKey = shown ? `${shown.left},${shown.top},${shown.right},${shown.bottom}` : '';
  const drawing = useMemo(
    () => (
      <Drawing
        layout={layout}
        boxes={boxes}
        lit={lit}
        pressed={pressed}
        onPress={still ? null : onPress}
        shown={shown}
        pinned={pinned}
      />
    ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shown` by value (shownKey): a new object each render
    [layout, boxes, lit, pressed, onPress, still, shownKey, pinned],
  );
  return (
    <div className={controls ? 'bracket-tree with-controls' : 'bracket-tree'} ref={frame}>
      {controls ? (
        <div className="tree-controls">
          <button type="button" onClick={() => zoomTo(zoom / STEP)} aria-label="Zoom out" title="Zoom out">
            −
          </button>
          <button type="button" onClick={() => zoomTo(zoom * STEP)} aria-label="Zoom in" title="Zoom in">
            +
          </button>
          <button type="button" onClick={fit}>
            Fit
          </button>
        </div>
      ) : null}
      <div
        className="tree-viewport"
        ref={viewport}
        style={{ height: `${Math.ceil(layout.height * zoom) + 24}px` }}
        data-zoom={zoom.toFixed(3)}
        onScroll={onScroll}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      >
        <div className="tree-sizer" style={{ width: layout.width * zoom, height: layout.height * zoom }}>
          <div
            className="tree-canvas"
            style={{ width: layout.width, height: layout.height, transform: `scale(${zoom})` }}
          >
            {drawing}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The viewport's scroll and size, in CSS pixels at the zoom of the moment. */
interface Scroll {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A rectangle of the drawing at zoom 1. */
export interface Shown {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The part of the drawing whose boxes are drawn: what the viewport shows and half a viewport around it, so a
 * pan shows boxes already there while the next frame draws the ones beyond. Rounded, so a small scroll that
 * draws nothing new renders nothing.
 */
function shownRect(s: Scroll, zoom: number): Shown {
  const margin = Math.max(s.width, s.height, 400) / zoom / 2;
  const step = 100;
  return {
    left: Math.floor((s.left / zoom - margin) / step) * step,
    top: Math.floor((s.top / zoom - margin) / step) * step,
    right: Math.ceil(((s.left + s.width) / zoom + margin) / step) * step,
    bottom: Math.ceil(((s.top + s.height) / zoom + margin) / step) * step,
  };
}

/** The scroll that keeps the anchor's point under its place in the viewport at zoom `z`. */
const scrollAt = (a: Anchor, z: number, v: HTMLElement): Scroll => ({
  left: Math.max(0, a.x * z - a.ax),
  top: Math.max(0, a.y * z - a.ay),
  width: v.clientWidth,
  height: v.clientHeight,
});

/** Where the viewport opens: the box's column at its left edge, the box a quarter of the way down. */
function openingScroll(layout: BracketLayout, code: string | null, zoom: number, height: number) {
  const box = code ? layout.byCode.get(code) : undefined;
  if (!box) return { left: 0, top: 0 };
  return {
    left: Math.max(0, box.x * zoom - 12),
    top: Math.max(0, (box.y - TREE_METRICS.headerHeight) * zoom - height / 4),
  };
}

/**
 * Panning by a mouse drag (a finger pans by the native scroll) and zooming by a two-finger pinch, about the
 * point between the fingers. The listeners are the DOM's own: a pinch must prevent the page's zoom, which a
 * passive React touch listener cannot.
 */
function usePanAndPinch(
  viewport: React.RefObject<HTMLDivElement | null>,
  on: boolean,
  zoomRef: React.RefObject<number>,
  zoomTo: (z: number, ax?: number, ay?: number) => void,
) {
  useEffect(() => {
    const v = viewport.current;
    if (!v || !on) return;
    let drag: { x: number; y: number; left: number; top: number; moved: boolean; id: number } | null = null;
    let pinch: { distance: number; zoom: number } | null = null;
    const down = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse' || e.button !== 0) return;
      drag = { x: e.clientX, y: e.clientY, left: v.scrollLeft, top: v.scrollTop, moved: false, id: e.pointerId };
    };
    const move = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.id) return;
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
      if (!drag.moved) {
        drag.moved = true;
        v.setPointerCapture(e.pointerId);
        v.classList.add('dragging');
      }
      v.scrollLeft = drag.left - dx;
      v.scrollTop = drag.top - dy;
    };
    const up = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.id) return;
      const moved = drag.moved;
      drag = null;
      v.classList.remove('dragging');
      // A drag ends on a box: that is no press of it.
      if (moved) v.addEventListener('click', (c) => c.stopPropagation(), { capture: true, once: true });
    };
    const spread = (t: TouchList) => Math.hypot(t[0]!.clientX - t[1]!.clientX, t[0]!.clientY - t[1]!.clientY);
    const touchStart = (e: TouchEvent) => {
      if (e.touches.length === 2) pinch = { distance: spread(e.touches), zoom: zoomRef.current };
    };
    const touchMove = (e: TouchEvent) => {
      if (!pinch || e.touches.length !== 2) return;
      e.preventDefault();
      const rect = v.getBoundingClientRect();
      const ax = (e.touches[0]!.clientX + e.touches[1]!.clientX) / 2 - rect.left;
      const ay = (e.touches[0]!.clientY + e.touches[1]!.clientY) / 2 - rect.top;
      zoomTo((pinch.zoom * spread(e.touches)) / pinch.distance, ax, ay);
    };
    const touchEnd = (e: TouchEvent) => {
      if (e.touches.length < 2) pinch = null;
    };
    v.addEventListener('pointerdown', down);
    v.addEventListener('pointermove', move);
    v.addEventListener('pointerup', up);
    v.addEventListener('pointercancel', up);
    v.addEventListener('touchstart', touchStart, { passive: true });
    v.addEventListener('touchmove', touchMove, { passive: false });
    v.addEventListener('touchend', touchEnd);
    v.addEventListener('touchcancel', touchEnd);
    return () => {
      v.removeEventListener('pointerdown', down);
      v.removeEventListener('pointermove', move);
      v.removeEventListener('pointerup', up);
      v.removeEventListener('pointercancel', up);
      v.removeEventListener('touchstart', touchStart);
      v.removeEventListener('touchmove', touchMove);
      v.removeEventListener('touchend', touchEnd);
      v.removeEventListener('touchcancel', touchEnd);
    };
  }, [viewport, on, zoomRef, zoomTo]);
}

const sectionTitle = (s: LayoutSection, round: number) =>
  s.key === 'F' ? (round === 1 ? SECTION_TITLES.F1 : SECTION_TITLES.F2) : SECTION_TITLES[s.key];

/**
 * The lines, then each section's title, and column by column its round label and the boxes in `shown` (all
 * without it), in reading order. The box `pinned` (the one with focus) is drawn wherever it is.
 */
const Drawing = memo(function Drawing({
  layout,
  boxes,
  lit,
  pressed,
  onPress,
  shown,
  pinned,
}: {
  layout: BracketLayout;
  boxes: readonly TreeBox[];
  lit: ReturnType<typeof litPath>;
  pressed: string | null;
  onPress: ((code: string) => void) | null;
  shown: Shown | null;
  pinned: string | null;
}) {
  const id = useId();
  const all = useMemo(() => connectorPath(layout.connectors), [layout]);
  const groups = useMemo(() => sectionGroups(layout, boxes), [layout, boxes]);
  const { boxWidth, boxHeight } = layout.metrics;
  const inView = (b: TreeBox) =>
    !shown ||
    b.box.code === pinned ||
    (b.box.x + boxWidth >= shown.left &&
      b.box.x <= shown.right &&
      b.box.y + boxHeight >= shown.top &&
      b.box.y <= shown.bottom);
  return (
    <>
      <svg className="tree-lines" width={layout.width} height={layout.height} aria-hidden="true">
        <path d={all} />
        {lit.connectors.length ? <path className="lit" d={connectorPath(lit.connectors)} /> : null}
      </svg>
      {groups.map((g) => (
        <section
          key={g.key}
          className={`tree-section tree-section-${g.key}`}
          aria-labelledby={`${id}${g.key}`}
          style={{ left: g.x, top: g.top, width: g.width, height: g.height }}
        >
          <h3 id={`${id}${g.key}`} className="tree-title">
            {g.title}
          </h3>
          {g.columns.map((c) => (
            <Fragment key={c.column}>
              {c.label ? (
                <h4 className="tree-round" style={{ left: c.x - g.x, top: 28 }}>
                  {c.label}
                </h4>
              ) : null}
              {c.boxes.filter(inView).map((b) => (
                <Box
                  key={b.box.code}
                  id={`${id}${b.box.code}`}
                  item={b}
                  lit={lit.boxes.has(b.box.code)}
                  pressed={pressed === b.box.code}
                  onPress={onPress}
                  left={b.box.x - g.x}
                  top={b.box.y - g.top}
                />
              ))}
            </Fragment>
          ))}
        </section>
      ))}
    </>
  );
});

interface SectionGroup {
  key: string;
  title: string;
  top: number;
  x: number;
  width: number;
  height: number;
  columns: { column: number; x: number; label: string; boxes: TreeBox[] }[];
}

/**
 * The drawing's regions: the winners' and the losers' bracket, the final and the super final each on its own
 * (so each is named as in the list), as large as what it holds, with its boxes column by column.
 */
function sectionGroups(layout: BracketLayout, boxes: readonly TreeBox[]): SectionGroup[] {
  const { boxWidth } = layout.metrics;
  const groups: SectionGroup[] = [];
  for (const s of layout.sections) {
    if (s.key === 'F') {
      for (const c of s.columns) {
        const columns = [{ column: c.column, x: c.x, label: '', boxes: [] }];
        groups.push({
          key: `F${c.round}`,
          title: sectionTitle(s, c.round),
          top: s.top,
          x: c.x,
          width: boxWidth,
          height: s.height,
          columns,
        });
      }
    } else {
      const width = Math.max(...s.columns.map((c) => c.x)) + boxWidth;
      const columns = s.columns.map((c) => ({
        column: c.column,
        x: c.x,
        label: matchLabel({ bracket: s.key, round: c.round }),
        boxes: [] as TreeBox[],
      }));
      groups.push({ key: s.key, title: sectionTitle(s, 0), top: s.top, x: 0, width, height: s.height, columns });
    }
  }
  for (const b of boxes) {
    const key = b.box.section === 'F' ? `F${b.box.round}` : b.box.section;
    groups
      .find((g) => g.key === key)
      ?.columns.find((c) => c.column === b.box.column)
      ?.boxes.push(b);
  }
  return groups;
}

const Box = memo(function Box({
  id,
  item,
  lit,
  pressed,
  onPress,
  left,
  top,
}: {
  id: string;
  item: TreeBox;
  lit: boolean;
  pressed: boolean;
  /** Null: the box is not a button (a still drawing). */
  onPress: ((code: string) => void) | null;
  left: number;
  top: number;
}) {
  const { box } = item;
  const className = `tree-box state-${item.state}${lit ? ' lit' : ''}`;
  const style = { left, top };
  const inside = (
    <>
      <span className="tree-box-head">
        <span className="tree-code">{box.code}</span>
        <span className="tree-state" id={`${id}-state`}>
          {item.stateText}
        </span>
      </span>
      <Line line={item.a} />
      <Line line={item.b} />
    </>
  );
  return box.kind === 'bye' || !onPress ? (
    <div className={className} style={style} data-code={box.code}>
      <span className="visually-hidden">{item.name}</span>
      <span className="tree-box-inside" aria-hidden="true">
        {inside}
      </span>
    </div>
  ) : (
    <button
      type="button"
      className={className}
      style={style}
      aria-label={item.name}
      aria-describedby={`${id}-state`}
      aria-pressed={pressed}
      data-code={box.code}
      onClick={() => onPress(box.code)}
    >
      {inside}
    </button>
  );
});

function Line({ line }: { line: TreeBox['a'] }) {
  const className = `tree-athlete${line.won ? ' winner' : ''}${line.known ? '' : ' unknown'}`;
  // The winner's line says so in words too, as the list's does (the box's name already tells a screen reader).
  return (
    <span className={className}>
      {line.text}
      {line.won ? <span className="visually-hidden"> (winner)</span> : null}
    </span>
  );
}
