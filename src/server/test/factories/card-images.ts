import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Client, Reply } from '../harness';

// Images for the member card upload tests: files carrying metadata that must not survive the
// re-encoding, and the multipart upload as the browser sends it.

export const EXIF_SECRET = 'SALAINEN-EXIF-Kameran-omistaja';
export const XMP_SECRET = 'SALAINEN-XMP-sijainti';
export const PNG_SCRIPT = '<script>alert(1)</script>';

/** A JPEG of width × height (stored turned: EXIF orientation 6) with EXIF and XMP text. */
export function jpegWithMetadata(width = 40, height = 20): Promise<Buffer> {
  const xmp = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description>${XMP_SECRET}</dc:description></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: EXIF_SECRET, Artist: EXIF_SECRET } })
    .withXmp(xmp)
    .jpeg()
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG with a tEXt chunk holding a script, put right after IHDR. */
export async function pngWithScript(width = 30, height = 30): Promise<Buffer> {
  const png = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } } }).png().toBuffer();
  const body = Buffer.concat([Buffer.from('tEXt'), Buffer.from('Comment\0' + PNG_SCRIPT, 'latin1')]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(body.length - 4);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  const ihdrEnd = 8 + 4 + 4 + 13 + 4;
  return Buffer.concat([png.subarray(0, ihdrEnd), len, body, crc, png.subarray(ihdrEnd)]);
}

/** A plain PNG (a logo). */
export function plainPng(width = 64, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } }).png().toBuffer();
}

/** POST membercard/upload/{kind} as multipart with the field "file". */
export function uploadCardImage(c: Client, kind: string, bytes: Buffer | string, filename = 'kuva.png', type = 'application/octet-stream'): Promise<Reply> {
  const boundary = `----seura${crypto.randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return c.request('POST', `/api/1/membercard/upload/${kind}`, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}
