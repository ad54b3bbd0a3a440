import { useState } from 'react';

/** A steady hue per club name, so its placeholder looks the same everywhere. */
export function hueOf(name: string): number {
  let h = 0;
  for (const ch of name) h = (Math.imul(h, 31) + ch.codePointAt(0)!) >>> 0;
  return h % 360;
}

export function initialsOf(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(the|of|and|club|a)$/i.test(w));
  return (words.length ? words : [name])
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

/** The club's picture, or (none, or it fails to load) a placeholder drawn from its name: its hue, its initials, a table. */
export function ClubImage({ name, url, className }: { name: string; url: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (url && !failed) {
    return (
      <img
        className={`club-image ${className ?? ''}`}
        src={url}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  }
  const hue = hueOf(name);
  return (
    <svg
      className={`club-image club-placeholder ${className ?? ''}`}
      viewBox="0 0 320 180"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={`club-bg-${hue}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 55% 30%)`} />
          <stop offset="1" stopColor={`hsl(${(hue + 40) % 360} 60% 14%)`} />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#club-bg-${hue})`} />
      <g stroke={`hsl(${hue} 70% 70% / 0.22)`} strokeWidth="10" strokeLinecap="round" fill="none">
        {/* Two forearms locked over a table. */}
        <path d="M40 150 L120 92 L150 70" />
        <path d="M280 150 L200 92 L170 70" />
        <circle cx="160" cy="62" r="14" fill={`hsl(${hue} 70% 70% / 0.18)`} stroke="none" />
        <path d="M70 160 H250" strokeWidth="6" />
      </g>
      <text
        x="160"
        y="118"
        textAnchor="middle"
        fontSize="54"
        fontWeight="800"
        letterSpacing="4"
        fill={`hsl(${hue} 90% 92%)`}
        fontFamily="system-ui, sans-serif"
      >
        {initialsOf(name)}
      </text>
    </svg>
  );
}
