import { encode } from 'uqr';

/**
 * A QR code of `text`, drawn as one SVG path of its dark modules (no markup from a string). Its own chunk, loaded
 * only when a table link is shown: the encoder (uqr) stays out of the admin screen until then.
 */
export default function QrCode({ text, label }: { text: string; label: string }) {
  // A quiet zone of 4 modules, as the QR standard asks, so any phone camera finds the code on a screen.
  const { size, data } = encode(text, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      width="200"
      height="200"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
