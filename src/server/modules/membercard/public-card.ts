import QRCode from 'qrcode';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { iso } from '../../lib/clock';
import { NotFound } from '../../lib/errors';
import { publicBase } from '../../lib/publicUrl';
import { takeRate } from '../../lib/rateLimit';
import { MEMBERCARD_VIEWS_MAX_PER_IP } from '../../../shared/constants';
import { signClaim } from '../../../shared/membercard/claim';
import { designOf, faceOf } from '../../../shared/membercard/face';
import type { membercardKeyReply, PublicCardReply } from '../../../shared/schemas/membercard';
import { getMember } from '../members/service';
import { loadModel } from '../members/model';
import { helsinkiDate } from '../receipts/dates';
import * as settingsRepo from '../settings/repo';
import * as cards from './cards-repo';
import { keyFor } from './keys';

// The public side of cards: the card page's data (/c/{token}) with the signed claim its QR code
// carries, and the association's public key that /c/verify keeps for checks without network.

/** The association's host as its links name it: the claim's `h` and the key's `host`. */
export const hostOf = (deps: Pick<Deps, 'config'>, tenant: Tenant): string => new URL(publicBase(deps.config, tenant)).hostname;

export async function publicKey(deps: Deps, tenant: Tenant): Promise<z.infer<typeof membercardKeyReply>> {
  const key = await keyFor(deps, tenant.id);
  return { host: hostOf(deps, tenant), association: tenant.name, alg: 'Ed25519', public_key: key.publicKey };
}

/**
 * The card behind a token of this association, with the member's current data. Unknown
 * tokens, another association's, and removed or pending members are all "not found".
 */
export async function publicCard(deps: Deps, tenant: Tenant, token: string, ip: string): Promise<PublicCardReply> {
  // Counted before the lookup: guessing tokens costs the same as opening cards.
  await takeRate(deps, tenant.id, [{ kind: 'membercard_view', key: ip, max: MEMBERCARD_VIEWS_MAX_PER_IP }], 'membercard_views_rate_limited');
  if (!cards.isCardTokenShape(token)) throw new NotFound();
  const card = await cards.byToken(deps.db, tenant.id, token);
  if (!card) throw new NotFound();
  const member = await getMember(deps, tenant, card.member_id);
  const now = deps.clock.now();
  const today = helsinkiDate(iso(now));
  const [settings, model, newer, key] = await Promise.all([
    settingsRepo.getAll(deps.db, tenant.id),
    loadModel(deps.db, tenant.id),
    cards.hasNewer(deps.db, tenant.id, card.member_id, card.id),
    keyFor(deps, tenant.id),
  ]);
  const face = faceOf({
    association: tenant.name,
    design: designOf(settings),
    fields: model.fields.filter((f) => f.visibility >= 1),
    member,
    validUntil: card.valid_until,
  });
  const claim = signClaim({ h: hostOf(deps, tenant), a: tenant.name, n: card.member_id, nm: face.name, v: card.valid_until, i: helsinkiDate(card.created_at) }, key.seed);
  const verify_url = `${publicBase(deps.config, tenant)}/c/verify`;
  const qr_svg = await QRCode.toString(`${verify_url}#${claim}`, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  if (card.opened_at === null) await cards.markOpened(deps.db, tenant.id, card.id, iso(now));
  const status = newer ? 'replaced' : card.valid_until < today ? 'expired' : 'valid';
  return { face, status, claim, verify_url, qr_svg };
}
