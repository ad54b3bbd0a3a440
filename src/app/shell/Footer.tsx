import { isDevEnvironment } from '../lib/environment.ts';

/** The affiliate-links row shows only in dev environments. */
const AFFILIATE_LINKS = [
  { label: 'Straps', href: 'https://www.amazon.com/s?k=arm+wrestling+strap' },
  { label: 'Wrist wraps', href: 'https://www.amazon.com/s?k=arm+wrestling+wrist+wraps' },
  { label: 'Grip trainers', href: 'https://www.amazon.com/s?k=grip+trainer' },
];

export function Footer({ dev = isDevEnvironment }: { dev?: boolean }) {
  return (
    <footer className="footer">
      {dev ? (
        <nav aria-label="Affiliate links" className="affiliate-links">
          <span>Gear:</span>
          {AFFILIATE_LINKS.map((l) => (
            <a key={l.href} href={l.href} rel="sponsored noopener noreferrer" target="_blank">
              {l.label}
            </a>
          ))}
        </nav>
      ) : null}
      <p className="footer-note">Arm-wrestling rankings, results and events for our state's community.</p>
    </footer>
  );
}
