import zlib from 'node:zlib';
import { IMPORT_MAX_UNZIPPED_BYTES, IMPORT_MAX_ZIP_ENTRIES, IMPORT_MAX_ZIP_RATIO } from '../../../shared/constants';

// An xlsx is a zip, and its reader inflates every part it reads. A zip bomb (a few kB
// inflating to gigabytes) must be refused before that: read the central directory,
// refuse too many parts, too much declared content or an implausible ratio, then inflate each
// part, counting and dropping the output, at most to its declared size, so a directory that
// lies about sizes is caught too without ever holding a part in memory.

export interface ZipLimits {
  maxBytes: number;
  maxEntries: number;
  maxRatio: number;
}

const DEFAULTS: ZipLimits = { maxBytes: IMPORT_MAX_UNZIPPED_BYTES, maxEntries: IMPORT_MAX_ZIP_ENTRIES, maxRatio: IMPORT_MAX_ZIP_RATIO };
/** Small parts compress arbitrarily well (an empty styles list); only big ones are judged by ratio. */
const RATIO_FLOOR = 1024 * 1024;

/** Whether `data` inflates (raw deflate) to exactly `size` bytes; stops as soon as it passes them. */
function inflatesTo(data: Buffer, size: number): Promise<boolean> {
  return new Promise((resolve) => {
    const inflate = zlib.createInflateRaw();
    let out = 0;
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(ok);
    };
    inflate.on('data', (chunk: Buffer) => {
      out += chunk.length;
      if (out > size) settle(false);
    });
    inflate.on('error', () => settle(false));
    inflate.on('end', () => settle(out === size));
    inflate.end(data);
  });
}

/** null when the zip is within the limits, otherwise why not. */
export async function zipProblem(bytes: Buffer, limits: ZipLimits = DEFAULTS): Promise<string | null> {
  // End of central directory: 22 bytes plus a comment of at most 65 535.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'no central directory';
  const count = bytes.readUInt16LE(eocd + 10);
  const dirOffset = bytes.readUInt32LE(eocd + 16);
  // Zip64 markers: no spreadsheet of the size we accept needs them.
  if (count === 0xffff || dirOffset === 0xffffffff) return 'zip64';
  if (count > limits.maxEntries) return 'too many entries';
  let at = dirOffset;
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return 'bad central directory';
    const method = bytes.readUInt16LE(at + 10);
    const packed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const local = bytes.readUInt32LE(at + 42);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    total += size;
    if (total > limits.maxBytes) return 'too large uncompressed';
    if (size > RATIO_FLOOR && size > packed * limits.maxRatio) return 'compression ratio';
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) return 'bad local header';
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + packed > bytes.length) return 'truncated';
    const data = bytes.subarray(start, start + packed);
    if (method === 0) {
      if (packed !== size) return 'stored size mismatch';
    } else if (method === 8) {
      // Never more output than declared: a lying directory fails here, cheaply.
      if (!(await inflatesTo(data, size))) return 'inflate failed or exceeded declared size';
    } else {
      return 'unsupported compression';
    }
  }
  return null;
}
