import type { Db } from '../../db/kysely';
import type { ValidationErrors } from '../../../shared/schemas/errors';
import type { MembercardSettings } from '../../../shared/schemas/membercard';
import { CARD_PSEUDO_FIELDS, designOf } from '../../../shared/membercard/face';
import { MEMBERCARD_ALWAYS_FIELDS } from '../../../shared/constants';
import * as fields from '../fields/repo';
import * as groups from '../groups/repo';
import * as images from '../membercard/images-repo';

// The member card design (settings scope 'membercard'): its values in the settings reply, and
// the checks a save must pass. A card is public, so only what a member may see of themselves
// (fields with visibility ≥ 1) may be printed on it, and only this association's groups and
// images may be named.

/** Field types that never print on a card (no value to show). */
const NOT_ON_CARD = new Set(['password', 'heading']);

/** What a card may show besides the name: visible fields of the association and the pseudo-fields. */
async function cardFieldNames(db: Db, tenantId: number): Promise<Set<string>> {
  const allowed = new Set<string>(Object.keys(CARD_PSEUDO_FIELDS));
  for (const f of await fields.listAll(db, tenantId)) if (f.visibility >= 1 && !NOT_ON_CARD.has(f.type)) allowed.add(f.name);
  return allowed;
}

/**
 * The design for the settings reply. A group removed or a field hidden since the design was
 * saved is left out here (the card never shows it anyway), so the design as shown can be saved again.
 */
export async function membercardReply(db: Db, tenantId: number, stored: Record<string, unknown>) {
  const d = designOf(stored);
  const groupIds = new Set((await groups.listAll(db, tenantId)).map((g) => g.id));
  const allowed = await cardFieldNames(db, tenantId);
  return {
    membercard_groups: d.groups.filter((id) => groupIds.has(id)),
    membercard_fields: d.fields.filter((n) => allowed.has(n)),
    membercard_labels: d.labels,
    membercard_aspect: d.aspect,
    membercard_extra_text: d.extra_text,
    membercard_logo: d.logo,
    membercard_bgimage: d.bgimage,
    membercard_season_end: d.season_end,
  };
}

/** Checks the design against the association's groups, fields and images; the values to store. */
export async function checkMembercard(db: Db, tenantId: number, body: MembercardSettings, errors: ValidationErrors): Promise<Record<string, unknown>> {
  const groupIds = new Set((await groups.listAll(db, tenantId)).map((g) => g.id));
  if (body.membercard_groups.some((id) => !groupIds.has(id))) errors.membercard_groups = ['_validation_invalid_choice'];

  const allowed = await cardFieldNames(db, tenantId);
  // The name is always on the card: listing it changes nothing, so it is dropped rather than refused.
  const chosen = [...new Set(body.membercard_fields)].filter((n) => !(MEMBERCARD_ALWAYS_FIELDS as readonly string[]).includes(n));
  if (chosen.some((n) => !allowed.has(n))) errors.membercard_fields = ['_validation_invalid_choice'];

  if (body.membercard_logo !== null && !(await images.exists(db, tenantId, body.membercard_logo, 'membercard_logo'))) errors.membercard_logo = ['_validation_invalid_choice'];
  if (body.membercard_bgimage !== null && !(await images.exists(db, tenantId, body.membercard_bgimage, 'membercard_bgimage'))) errors.membercard_bgimage = ['_validation_invalid_choice'];

  return { membercard_groups: [...new Set(body.membercard_groups)], membercard_fields: chosen };
}
