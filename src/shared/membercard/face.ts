import { formatFinnishDate } from '../finnish/date';
import type { Field } from '../fields/types';
import { MEMBERCARD_ALWAYS_FIELDS, MEMBERCARD_ASPECTS, MEMBERCARD_DEFAULT_FIELDS } from '../constants';
import type { CardFace } from '../schemas/membercard';

// What a member card shows, computed the same way for the card page (server, a real member)
// and the design preview (browser, the draft settings and a sample member): the design read
// from the settings with its defaults, the validity of a card issued on a day, and the rows.

export interface MembercardDesign {
  groups: number[];
  fields: string[];
  labels: boolean;
  aspect: (typeof MEMBERCARD_ASPECTS)[number];
  extra_text: string;
  logo: number | null;
  bgimage: number | null;
  season_end: string;
}

/** Pseudo-fields a card may show besides the member's own fields. */
export const CARD_PSEUDO_FIELDS = { member_number: 'Jäsennumero', member_since: 'Jäsen alkaen' } as const;

const ints = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x) && (x as number) > 0) : []);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const idOrNull = (v: unknown): number | null => (Number.isInteger(v) && (v as number) > 0 ? (v as number) : null);

/** The design as stored in the settings (membercard_* keys), with the defaults for what is not set. */
export function designOf(settings: Record<string, unknown>): MembercardDesign {
  const aspect = MEMBERCARD_ASPECTS.find((a) => a === settings.membercard_aspect) ?? 'landscape';
  const end = typeof settings.membercard_season_end === 'string' && /^\d{2}-\d{2}$/.test(settings.membercard_season_end) ? settings.membercard_season_end : '12-31';
  return {
    groups: ints(settings.membercard_groups),
    fields: 'membercard_fields' in settings ? strs(settings.membercard_fields) : [...MEMBERCARD_DEFAULT_FIELDS],
    labels: settings.membercard_labels !== false,
    aspect,
    extra_text: typeof settings.membercard_extra_text === 'string' ? settings.membercard_extra_text : '',
    logo: idOrNull(settings.membercard_logo),
    bgimage: idOrNull(settings.membercard_bgimage),
    season_end: end,
  };
}

/** Whether the design may be sent: at least one group. */
export const isDesigned = (d: MembercardDesign): boolean => d.groups.length > 0;

/** The public address of an uploaded card image (a new upload is a new id, so it caches forever). */
export const membercardImageUrl = (id: number): string => `/api/1/membercard/image/${String(id)}`;

/**
 * The last day a card issued on `today` (YYYY-MM-DD) is valid: the next season end (MM-DD) on
 * or after today. 29 February in a year without one is the 28th.
 */
export function validUntil(seasonEnd: string, today: string): string {
  const year = Number(today.slice(0, 4));
  const at = (y: number): string => {
    const [m, d] = seasonEnd.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
    return `${String(y)}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
  };
  return at(year) >= today ? at(year) : at(year + 1);
}

/** A value as the card prints it: dates d.M.yyyy, checkboxes Kyllä, choices by their label. */
function cardValue(field: Pick<Field, 'type' | 'options'>, value: unknown): string {
  if (value === null || value === undefined || value === '' || value === false) return '';
  switch (field.type) {
    case 'checkbox':
      return 'Kyllä';
    case 'date':
      return typeof value === 'string' ? formatFinnishDate(value) : '';
    case 'consent':
      // The value is the date the consent was given.
      return typeof value === 'string' ? `Kyllä (${formatFinnishDate(value)})` : '';
    case 'decimal':
      return String(value).replace('.', ',');
    case 'dropdown':
      return field.options.find((o) => o.value === value)?.label ?? String(value);
    case 'password':
    case 'heading':
      return '';
    default:
      return String(value);
  }
}

export interface FaceInput {
  association: string;
  design: MembercardDesign;
  /** The fields a member may see (visibility ≥ 1); others never reach a card. */
  fields: readonly Pick<Field, 'name' | 'label' | 'type' | 'options' | 'visibility'>[];
  /** The member as the API presents it: firstname, lastname, id, member_since and values by field name. */
  member: Record<string, unknown>;
  validUntil: string;
}

/** The card's face. Empty values are left out; hidden fields (visibility 0) never show. */
export function faceOf(i: FaceInput): CardFace {
  const byName = new Map(i.fields.map((f) => [f.name, f]));
  const rows: CardFace['rows'] = [];
  for (const name of i.design.fields) {
    if ((MEMBERCARD_ALWAYS_FIELDS as readonly string[]).includes(name)) continue;
    let label: string;
    let value: string;
    if (name === 'member_number') {
      label = CARD_PSEUDO_FIELDS.member_number;
      value = i.member.id === undefined || i.member.id === null ? '' : String(i.member.id as number);
    } else if (name === 'member_since') {
      label = CARD_PSEUDO_FIELDS.member_since;
      value = typeof i.member.member_since === 'string' ? formatFinnishDate(i.member.member_since) : '';
    } else {
      const f = byName.get(name);
      if (!f || f.visibility < 1) continue;
      label = f.label;
      value = cardValue(f, i.member[name]);
    }
    if (value !== '') rows.push({ label, value });
  }
  return {
    association: i.association,
    logo_url: i.design.logo === null ? null : membercardImageUrl(i.design.logo),
    bg_url: i.design.bgimage === null ? null : membercardImageUrl(i.design.bgimage),
    aspect: i.design.aspect,
    labels: i.design.labels,
    name: `${String(i.member.firstname ?? '')} ${String(i.member.lastname ?? '')}`.trim(),
    rows,
    valid_until: i.validUntil,
    extra_text: i.design.extra_text,
  };
}
