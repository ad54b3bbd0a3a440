import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PORTRAITS } from '../src/server/demo/cards.ts';

/**
 * Draws the demo's athlete portraits (simple busts, no outside images) as
 * SVG files in public/portraits, 3:5 like a card's picture frame. Checked in;
 * run again only when the drawings change: `node --import tsx scripts/make-portraits.ts`.
 * The demo gives them to the featured supermatch athletes (demo/cards.ts).
 */

interface Look {
  skin: string;
  hair: string;
  shirt: string;
  bg: string;
  style: 'short' | 'buzz' | 'bald-beard' | 'curly' | 'long' | 'bun' | 'ponytail' | 'mohawk';
}

const LOOKS: Record<string, Look> = {
  m1: { skin: '#e0ac69', hair: '#2b1b10', shirt: '#b91c1c', bg: '#1e293b', style: 'short' },
  m2: { skin: '#8d5524', hair: '#141414', shirt: '#1d4ed8', bg: '#312e81', style: 'buzz' },
  m3: { skin: '#f1c27d', hair: '#7a4b21', shirt: '#15803d', bg: '#14532d', style: 'bald-beard' },
  m4: { skin: '#c68642', hair: '#1c1c1c', shirt: '#7c3aed', bg: '#3b0764', style: 'curly' },
  m5: { skin: '#ffdbac', hair: '#b8860b', shirt: '#0f766e', bg: '#134e4a', style: 'short' },
  m6: { skin: '#a0693d', hair: '#2e1a0f', shirt: '#c2410c', bg: '#431407', style: 'mohawk' },
  m7: { skin: '#d1a27a', hair: '#3b2414', shirt: '#334155', bg: '#0f172a', style: 'bald-beard' },
  f1: { skin: '#f1c27d', hair: '#4a2f1b', shirt: '#be185d', bg: '#500724', style: 'long' },
  f2: { skin: '#8d5524', hair: '#111111', shirt: '#0369a1', bg: '#082f49', style: 'bun' },
  f3: { skin: '#ffdbac', hair: '#c0841a', shirt: '#4d7c0f', bg: '#1a2e05', style: 'ponytail' },
  f4: { skin: '#c68642', hair: '#2b1b10', shirt: '#6d28d9', bg: '#2e1065', style: 'long' },
};

/** Hair drawn behind the head (long hair, ponytails). */
function hairBehind(l: Look): string {
  if (l.style === 'long')
    return `<path d="M80 230 C70 130 230 130 220 230 L235 400 C200 420 100 420 65 400 Z" fill="${l.hair}"/>`;
  if (l.style === 'ponytail')
    return `<path d="M205 190 C260 200 265 300 240 360 C230 300 225 250 200 225 Z" fill="${l.hair}"/>`;
  return '';
}

/** Hair (and beards) drawn over the head. */
function hairFront(l: Look): string {
  const cap = (thick: number) =>
    `<path d="M86 225 C80 150 118 135 150 135 C184 135 220 150 214 225 C206 ${200 - thick} 186 ${178 - thick} 150 ${178 - thick} C114 ${178 - thick} 94 ${200 - thick} 86 225 Z" fill="${l.hair}"/>`;
  switch (l.style) {
    case 'short':
      return cap(4);
    case 'buzz':
      return `<g opacity=".75">${cap(-8)}</g>`;
    case 'mohawk':
      return `<path d="M135 185 C130 140 140 110 150 100 C160 110 170 140 165 185 Z" fill="${l.hair}"/>`;
    case 'curly':
      return [0, 1, 2, 3, 4, 5, 6]
        .map(
          (i) => `<circle cx="${95 + i * 18}" cy="${170 - Math.sin((i / 6) * Math.PI) * 28}" r="20" fill="${l.hair}"/>`,
        )
        .join('');
    case 'bald-beard':
      return `<path d="M90 245 C95 300 120 318 150 318 C180 318 205 300 210 245 C200 270 185 280 150 282 C115 280 100 270 90 245 Z" fill="${l.hair}"/>`;
    case 'bun':
      return `<circle cx="150" cy="138" r="26" fill="${l.hair}"/>${cap(0)}`;
    case 'long':
    case 'ponytail':
      return cap(2);
  }
}

function portrait(l: Look): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 500" width="300" height="500" role="img" aria-label="Drawn portrait">`,
    `<rect width="300" height="500" fill="${l.bg}"/>`,
    `<circle cx="150" cy="230" r="140" fill="#ffffff" opacity=".06"/>`,
    hairBehind(l),
    // Shoulders and arms in a tank top: the arms in skin, the shirt over the chest.
    `<path d="M10 500 C10 420 45 372 110 360 L190 360 C255 372 290 420 290 500 Z" fill="${l.skin}"/>`,
    `<path d="M70 500 C70 430 90 385 118 368 L182 368 C210 385 230 430 230 500 Z" fill="${l.shirt}"/>`,
    `<rect x="126" y="288" width="48" height="82" rx="18" fill="${l.skin}"/>`,
    `<path d="M126 330 C140 345 160 345 174 330 L174 350 C160 360 140 360 126 350 Z" fill="#000" opacity=".12"/>`,
    `<ellipse cx="88" cy="238" rx="11" ry="17" fill="${l.skin}"/><ellipse cx="212" cy="238" rx="11" ry="17" fill="${l.skin}"/>`,
    `<ellipse cx="150" cy="232" rx="62" ry="80" fill="${l.skin}"/>`,
    hairFront(l),
    `<rect x="115" y="214" width="26" height="5" rx="2.5" fill="${l.hair}"/><rect x="159" y="214" width="26" height="5" rx="2.5" fill="${l.hair}"/>`,
    `<circle cx="128" cy="234" r="5.5" fill="#1f1f1f"/><circle cx="172" cy="234" r="5.5" fill="#1f1f1f"/>`,
    `<path d="M150 242 L144 264 L156 264" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="3" stroke-linecap="round"/>`,
    `<path d="M134 282 Q150 292 166 282" fill="none" stroke="#5b2a1a" stroke-width="4" stroke-linecap="round"/>`,
    `</svg>`,
  ].join('');
}

const out = path.resolve('public/portraits');
fs.mkdirSync(out, { recursive: true });
for (const url of [...DEMO_PORTRAITS.M, ...DEMO_PORTRAITS.F]) {
  const name = path.basename(url, '.svg');
  const look = LOOKS[name];
  if (!look) throw new Error(`No drawing for ${url}.`);
  fs.writeFileSync(path.join(out, `${name}.svg`), `${portrait(look)}\n`);
  console.log(`public/portraits/${name}.svg`);
}
