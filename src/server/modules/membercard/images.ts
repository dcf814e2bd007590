import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Member, Tenant, TenantImagePurpose } from '../../db/schema';
import { MEMBERCARD_BGIMAGE_MAX_PX, MEMBERCARD_LOGO_MAX_PX } from '../../../shared/constants';
import { designOf, membercardImageUrl } from '../../../shared/membercard/face';
import { ValidationError } from '../../lib/errors';
import { reencodeImage, type Encoded } from '../../lib/reencode';
import { act } from '../log/act';
import * as settings from '../settings/repo';
import * as repo from './images-repo';

// The card's logo and background image. An upload is shown to anyone who opens a card, so
// nothing of the file as sent survives: lib/reencode.ts tells the type from the bytes and
// encodes the image anew. Anything it cannot decode is a parse failure under the field, never a 500.

export type ImageKind = 'logo' | 'bgimage';

/** Uploads not used by the design kept per purpose (drafts not saved yet, recent alternatives). */
const KEEP_UNUSED = 10;

/** Decodes and re-encodes: logo → PNG (transparency kept), background → JPEG on white. */
export async function reencode(kind: ImageKind, bytes: Buffer): Promise<Encoded> {
  const max = kind === 'logo' ? MEMBERCARD_LOGO_MAX_PX : MEMBERCARD_BGIMAGE_MAX_PX;
  const img = await reencodeImage(bytes, { maxPx: max, as: kind === 'logo' ? 'png' : 'jpeg' });
  if (!img) throw ValidationError.field('file', 'membercard_image_parse_failed');
  return img;
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
