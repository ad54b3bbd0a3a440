import zlib from 'node:zlib';
import sharp from 'sharp';

/**
 * Small real pictures for the upload tests, made with the decoder the server
 * checks uploads with, and a PNG whose header claims any size (what a
 * decompression bomb looks like before its pixels are read).
 */
const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 180, g: 50, b: 50 } } });

export const PNG = new Uint8Array(await solid(4, 3).png().toBuffer());
export const JPEG = new Uint8Array(await solid(4, 3).jpeg().toBuffer());
export const WEBP = new Uint8Array(await solid(4, 3).webp().toBuffer());

/**
 * A PNG of `width` x `height` black pixels, as small as deflate makes it; with
 * `claimOnly`, its header says that size but it carries no pixels at all.
 */
export function pngOfSize(width: number, height: number, claimOnly = false): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  // Each row: a filter byte and `width` zero pixels.
  const rows = zlib.deflateSync(Buffer.alloc(claimOnly ? 0 : (width + 1) * height));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk('IHDR', header),
      chunk('IDAT', rows),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}
