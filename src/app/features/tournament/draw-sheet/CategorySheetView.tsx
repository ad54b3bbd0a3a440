import { useId, useMemo, type CSSProperties } from 'react';
import type { Tournament } from '../../../../shared/tournament-contract/tournament.ts';
import { formatDay } from '../../../lib/labels.ts';
import type { Feed } from '../common/bracket-layout.ts';
import type { CategorySheet, SheetSide } from './sheet-model.ts';
import {
  BOX_HEIGHT,
  PAGE_AREA,
  sheetPages,
  type AthletesBlock,
  type BracketBlock,
  type PlacedBox,
  type SheetPage,
} from './sheet-pages.ts';

/**
 * One category's draw sheet, page by page as sheet-pages.ts cut it: each page a sheet of paper on screen and a
 * printed page (its orientation by name, draw-sheet.css), every size in millimetres as the plan counted them.
 */
export function CategorySheetView({ tournament, sheet }: { tournament: Tournament; sheet: CategorySheet }) {
  const pages = useMemo(() => sheetPages(sheet), [sheet]);
  const headingId = useId();
  const area = PAGE_AREA[sheet.orientation];
  return (
    // Wider than a phone, the sheet scrolls sideways: it takes focus so the keyboard scrolls it too.
    <article className="draw-sheet" aria-labelledby={headingId} tabIndex={0}>
      {pages.map((page) => (
        <div
          key={page.number}
          className={`sheet-page sheet-${sheet.orientation}`}
          style={{ '--area-width': `${area.width}mm`, '--area-height': `${area.height}mm` } as CSSProperties}
        >
          {page.number === 1 ? (
            <FirstHead tournament={tournament} sheet={sheet} pages={pages.length} headingId={headingId} />
          ) : (
            <p className="sheet-head-next">
              <span className="sheet-head-title">
                {sheet.name} · {tournament.name}
              </span>
              <span>
                Page {page.number} of {pages.length}
              </span>
            </p>
          )}
          <PageBlocks sheet={sheet} page={page} />
        </div>
      ))}
    </article>
  );
}

function FirstHead({
  tournament,
  sheet,
  pages,
  headingId,
}: {
  tournament: Tournament;
  sheet: CategorySheet;
  pages: number;
  headingId: string;
}) {
  return (
    <header className="sheet-head">
      <p className="sheet-head-line">
        <span className="sheet-head-title">
          {tournament.name} · {formatDay(tournament.date)}
          {tournament.location ? ` · ${tournament.location}` : ''}
        </span>
        <span>Page 1 of {pages}</span>
      </p>
      <h2 id={headingId}>{sheet.name}</h2>
      <p className="sheet-head-line">
        <span>
          {sheet.drawText} · {sheet.athletes.length} athletes
        </span>
        <span className="sheet-table">
          Table{' '}
          {sheet.table !== null ? (
            <strong>{sheet.table}</strong>
          ) : (
            <span className="sheet-pen">
              <span className="visually-hidden">to be written</span>
            </span>
          )}
        </span>
      </p>
    </header>
  );
}

function PageBlocks({ sheet, page }: { sheet: CategorySheet; page: SheetPage }) {
  return (
    <>
      {page.blocks.map((block) =>
        block.kind === 'athletes' ? (
          <AthletesList key="athletes" sheet={sheet} block={block} />
        ) : (
          <BracketView key={block.title} sheet={sheet} block={block} />
        ),
      )}
    </>
  );
}

function AthletesList({ sheet, block }: { sheet: CategorySheet; block: AthletesBlock }) {
  const headingId = useId();
  return (
    <div className="sheet-block">
      <h3 id={headingId} className="sheet-block-title">
        Athletes in draw order
      </h3>
      <ol
        aria-labelledby={headingId}
        className="sheet-athletes"
        style={{
          gridTemplateColumns: `repeat(${block.columns}, 1fr)`,
          gridTemplateRows: `repeat(${block.rows}, var(--athlete-line))`,
        }}
      >
        {sheet.athletes.map((a) => (
          <li key={a.draw}>
            <span className="sheet-draw">{a.draw}</span> {a.name}
            {a.club ? <span className="sheet-club"> · {a.club}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Boxes narrower than this (mm: a 128-slot losers' bracket's twelve rounds) write 'Winner L3-1'. */
const NARROW_BOX = 21;

function BracketView({ sheet, block }: { sheet: CategorySheet; block: BracketBlock }) {
  return (
    // A block is no landmark: 'Print all' has one of each per category.
    <div className={block.boxWidth < NARROW_BOX ? 'sheet-block sheet-narrow' : 'sheet-block'}>
      <h3 className="sheet-block-title">{block.title}</h3>
      <div className="sheet-rounds" aria-hidden="true" style={{ width: `${block.width}mm` }}>
        {block.columns.map((c) => (
          <span key={c.label} style={{ left: `${c.left}mm`, width: `${block.boxWidth}mm` }}>
            {c.label}
          </span>
        ))}
      </div>
      <div className="sheet-tree" style={{ width: `${block.width}mm`, height: `${block.height}mm` }}>
        <svg
          className="sheet-lines"
          aria-hidden="true"
          width={`${block.width}mm`}
          height={`${block.height}mm`}
          viewBox={`0 0 ${block.width} ${block.height}`}
        >
          {block.lines.map((line) => (
            <polyline key={line.key} points={line.points.map((p) => `${p.x},${p.y}`).join(' ')} />
          ))}
        </svg>
        <ul className="sheet-boxes" aria-label={`${block.title}: matches`}>
          {block.boxes.map((box) => (
            <MatchBox key={box.code} sheet={sheet} box={box} width={block.boxWidth} />
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The athlete of a bye's one side (its draw slot). */
function byeAthlete(sheet: CategorySheet, feed: Feed | null) {
  return feed?.kind === 'slot' ? sheet.slotAthletes[feed.slot] : null;
}

function MatchBox({ sheet, box, width }: { sheet: CategorySheet; box: PlacedBox; width: number }) {
  const place = { left: `${box.left}mm`, top: `${box.top}mm`, width: `${width}mm`, height: `${BOX_HEIGHT}mm` };
  if (box.kind === 'bye') {
    const athlete = byeAthlete(sheet, box.a) ?? byeAthlete(sheet, box.b);
    return (
      <li className="sheet-box sheet-bye" style={place} data-code={box.code}>
        <span className="sheet-box-head">
          <span className="sheet-code">{box.code}</span> <span className="sheet-bye-word">Bye</span>
        </span>
        <span className="sheet-side">
          <span className="sheet-name">
            {athlete ? (
              <>
                <span className="sheet-draw">{athlete.draw}</span> {athlete.name}
              </>
            ) : null}
          </span>
        </span>
        <span className="sheet-side sheet-from">goes through to round 2</span>
      </li>
    );
  }
  const match = sheet.matches.get(box.code);
  if (!match) return null;
  return (
    <li className="sheet-box" style={place} data-code={box.code}>
      <span className="sheet-box-head">
        <span className="sheet-code">{match.code}</span>{' '}
        {match.method ? (
          <span className="sheet-method">{match.method}</span>
        ) : (
          <span className="sheet-method sheet-pen">
            <span className="visually-hidden">Result to be written</span>
          </span>
        )}
      </span>
      <Side side={match.a} />
      <Side side={match.b} />
    </li>
  );
}

function Side({ side }: { side: SheetSide }) {
  return (
    <span className={side.won ? 'sheet-side sheet-won' : 'sheet-side'}>
      <span className="sheet-tick" aria-hidden="true">
        {side.won ? '✓' : ''}
      </span>
      {side.name !== null ? (
        <span className="sheet-name">
          {side.draw !== null ? <span className="sheet-draw">{side.draw}</span> : null} {side.name}
          {side.won ? <span className="visually-hidden"> (won)</span> : null}
        </span>
      ) : (
        <span className="sheet-name sheet-from">
          <FromText text={side.from} />
        </span>
      )}
    </span>
  );
}

/** 'Winner of W1-3', whose 'of' a narrow box leaves out ('Winner W1-3', draw-sheet.css). */
function FromText({ text }: { text: string }) {
  const at = text.indexOf(' of ');
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <span className="sheet-of"> of</span> {text.slice(at + 4)}
    </>
  );
}
