import sharp from 'sharp';

// Uploaded images are never stored as sent (member card images, expense receipts): the type
// is told from the bytes (PNG, JPEG, WebP only; never SVG, GIF, HTML or whatever the browser
// claims), the image is decoded and encoded anew with sharp (which writes no EXIF, XMP, ICC or
// text chunks unless asked to), turned upright and scaled down. Callers turn a failure into
// their own field error.

/** Decoding a hostile file must not eat the server: at most this many pixels, this many seconds. */
const MAX_INPUT_PIXELS = 50_000_000;
const TIMEOUT_SECONDS = 15;

/** The image type from the file's first bytes, or null for anything but PNG, JPEG and WebP. */
export function sniffImage(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface Encoded {
  data: Buffer;
  mime: string;
  width: number;
  height: number;
}

/** The image as PNG (transparency kept) or JPEG on white, no longer than maxPx on either side; null when it cannot be decoded. */
export async function reencodeImage(bytes: Buffer, opts: { maxPx: number; as: 'png' | 'jpeg' }): Promise<Encoded | null> {
  if (sniffImage(bytes) === null) return null;
  try {
    // failOn 'error': a truncated or corrupt file is refused rather than half decoded.
    let img = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .autoOrient()
      .resize({ width: opts.maxPx, height: opts.maxPx, fit: 'inside', withoutEnlargement: true });
    img = opts.as === 'png' ? img.png({ compressionLevel: 9 }) : img.flatten({ background: '#ffffff' }).jpeg({ quality: 82 });
    const { data, info } = await img.toBuffer({ resolveWithObject: true });
    return { data, mime: opts.as === 'png' ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
  } catch {
    return null;
  }
}
