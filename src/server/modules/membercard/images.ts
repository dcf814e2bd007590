import crypto from 'node:crypto';
import sharp from 'sharp';
import type { Deps } from '../../deps';
import type { Member, Tenant, TenantImagePurpose } from '../../db/schema';
import { MEMBERCARD_BGIMAGE_MAX_PX, MEMBERCARD_LOGO_MAX_PX } from '../../../shared/constants';
import { designOf, membercardImageUrl } from '../../../shared/membercard/face';
import { ValidationError } from '../../lib/errors';
import { act } from '../log/act';
import * as settings from '../settings/repo';
import * as repo from './images-repo';

// The card's logo and background image. An upload is shown to anyone who opens a card, so
// nothing of the file as sent survives: the type is told from the bytes (PNG, JPEG, WebP only;
// never SVG, GIF, HTML or whatever the browser claims), the image is decoded and encoded anew
// with sharp (which writes no EXIF, XMP, ICC or text chunks unless asked to), oriented and
// scaled down. Anything sharp cannot decode is a parse failure under the field, never a 500.

export type ImageKind = 'logo' | 'bgimage';

/** Decoding a hostile file must not eat the server: at most this many pixels, this many seconds. */
const MAX_INPUT_PIXELS = 50_000_000;
const TIMEOUT_SECONDS = 15;
/** Uploads not used by the design kept per purpose (drafts not saved yet, recent alternatives). */
const KEEP_UNUSED = 10;

/** The image type from the file's first bytes, or null for anything but PNG, JPEG and WebP. */
export function sniffImage(bytes: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

interface Encoded {
  data: Buffer;
  mime: string;
  width: number;
  height: number;
}

/** Decodes and re-encodes: logo → PNG (transparency kept), background → JPEG on white. */
export async function reencode(kind: ImageKind, bytes: Buffer): Promise<Encoded> {
  const type = sniffImage(bytes);
  if (type === null) throw ValidationError.field('file', 'membercard_image_parse_failed');
  const max = kind === 'logo' ? MEMBERCARD_LOGO_MAX_PX : MEMBERCARD_BGIMAGE_MAX_PX;
  try {
    // failOn 'error': a truncated or corrupt file is refused rather than half decoded.
    let img = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .autoOrient()
      .resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true });
    img = kind === 'logo' ? img.png({ compressionLevel: 9 }) : img.flatten({ background: '#ffffff' }).jpeg({ quality: 82 });
    const { data, info } = await img.toBuffer({ resolveWithObject: true });
    return { data, mime: kind === 'logo' ? 'image/png' : 'image/jpeg', width: info.width, height: info.height };
  } catch {
    throw ValidationError.field('file', 'membercard_image_parse_failed');
  }
}

const purposeOf = (kind: ImageKind): TenantImagePurpose => (kind === 'logo' ? 'membercard_logo' : 'membercard_bgimage');

/** Stores a re-encoded upload and drops the oldest unused ones of its purpose. */
export async function upload(deps: Deps, tenant: Tenant, me: Member, kind: ImageKind, filename: string, bytes: Buffer) {
  const img = await reencode(kind, bytes);
  const purpose = purposeOf(kind);
  const id = await act(deps, tenant, me, 'membercard_image_uploaded', async (trx, line, at) => {
    const newId = await repo.insert(trx, tenant.id, { purpose, ...img, sha256: crypto.createHash('sha256').update(img.data).digest('hex'), authorId: me.id, at });
    const design = designOf(await settings.getAll(trx, tenant.id));
    const inUse = new Set([design.logo, design.bgimage]);
    const unused = (await repo.idsOf(trx, tenant.id, purpose)).filter((i) => !inUse.has(i));
    await repo.remove(trx, tenant.id, unused.slice(KEEP_UNUSED));
    // The design's context, as the settings save of scope 'membercard' writes it.
    line.context = 'membercard';
    line.data = [
      { field: 'kind', new: kind },
      { field: 'image', new: newId },
      { field: 'filename', new: filename.slice(0, 200) },
      { field: 'size', new: `${String(img.width)}×${String(img.height)}` },
    ];
    return newId;
  });
  return { id, url: membercardImageUrl(id), width: img.width, height: img.height };
}
