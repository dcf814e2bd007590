import { foldForSearch } from '../../../shared/search';
import type { ValidationErrors } from '../../../shared/schemas/errors';
import type { MemberModel } from '../members/model';
import { FEDERATION_REF } from '../../../shared/members/federation';

// Column → field suggestions from header names (Finnish, Swedish and English synonyms),
// and the mapping rules: every column mapped, no destination twice.

export const IGNORE = '_ignore';
/** The member number (members.id, the export's first column): a key to match members by, never written. */
export const MEMBER_NUMBER = 'id';

/** Destinations that are no field: the member number (a key only) and the federation's member id. */
export const isSystemColumn = (dst: string): boolean => dst === MEMBER_NUMBER || dst === FEDERATION_REF;

export interface MappingEntry {
  src_col: string;
  dst_field: string;
}

const SYNONYMS: Record<string, string[]> = {
  firstname: ['etunimi', 'etunimet', 'first name', 'firstname', 'given name', 'fornamn', 'förnamn'],
  lastname: ['sukunimi', 'last name', 'lastname', 'surname', 'family name', 'efternamn'],
  email: ['sahkoposti', 'sahkopostiosoite', 's-posti', 'sposti', 'email', 'e-mail', 'e-post', 'epost', 'mail'],
  phone: ['puhelin', 'puhelinnumero', 'matkapuhelin', 'gsm', 'kannykka', 'puh', 'mobiili', 'phone', 'mobile', 'telephone', 'telefon', 'mobil'],
  address_street: ['osoite', 'katuosoite', 'lahiosoite', 'postiosoite', 'address', 'street', 'street address', 'gatuadress', 'adress'],
  address_zip: ['postinumero', 'postinro', 'postinumero.', 'zip', 'zip code', 'postal code', 'postcode', 'postnummer'],
  address_city: ['postitoimipaikka', 'toimipaikka', 'kaupunki', 'paikkakunta', 'kotikunta', 'kunta', 'city', 'town', 'postort', 'ort'],
};

// After the field labels: an association's own "Jäsennumero" field wins over the system's number.
const MEMBER_NUMBER_WORDS = ['jäsennumero (järjestelmä)', 'jäsennumero', 'jäsennro', 'jäsen nro', 'member number', 'member id', 'medlemsnummer', 'id'];

/** The federation register's member id, written to members.federation_ref (the own form then locks the federation's fields). */
const FEDERATION_REF_WORDS = ['liiton jäsennumero', 'liiton jäsennro', 'federation id', 'federation member number', 'förbundets medlemsnummer'];

const norm = (s: string): string => foldForSearch(s).replace(/[^a-z0-9]+/g, ' ').trim();

const MEMBER_NUMBER_INDEX = new Set(MEMBER_NUMBER_WORDS.map(norm));
const FEDERATION_REF_INDEX = new Set(FEDERATION_REF_WORDS.map(norm));
const SYNONYM_INDEX = new Map<string, string>(Object.entries(SYNONYMS).flatMap(([field, words]) => words.map((w) => [norm(w), field] as const)));

export function suggestMapping(srcCols: string[], model: MemberModel): MappingEntry[] {
  const used = new Set<string>();
  const byLabel = new Map<string, string>();
  for (const f of model.fields) if (f.type !== 'heading' && f.type !== 'password') byLabel.set(norm(f.label), f.name).set(norm(f.name), f.name);
  for (const g of model.groups) if (g.builtin !== 'everyone') byLabel.set(norm(g.label), g.name).set(norm(g.name), g.name);
  return srcCols.map((col) => {
    const key = norm(col);
    const dst = SYNONYM_INDEX.get(key) ?? byLabel.get(key) ?? (FEDERATION_REF_INDEX.has(key) ? FEDERATION_REF : MEMBER_NUMBER_INDEX.has(key) ? MEMBER_NUMBER : undefined);
    if (!dst || used.has(dst) || !(isSystemColumn(dst) || model.byName.has(dst) || model.groupByName.has(dst))) return { src_col: col, dst_field: IGNORE };
    used.add(dst);
    return { src_col: col, dst_field: dst };
  });
}

/** No duplicate destination fields; every column mapped (to a field, a group or _ignore). */
export function checkMapping(srcCols: string[], mapping: MappingEntry[], model: MemberModel): { errors: ValidationErrors; params?: Record<string, unknown> } {
  const unmapped = srcCols.filter((c) => !mapping.some((m) => m.src_col === c && m.dst_field));
  if (unmapped.length > 0) return { errors: { mapping: ['import_unmapped_column'] }, params: { columns: unmapped } };
  const unknown = mapping.filter((m) => m.dst_field !== IGNORE && !isSystemColumn(m.dst_field) && !model.byName.has(m.dst_field) && !model.groupByName.has(m.dst_field));
  if (unknown.length > 0) return { errors: { mapping: ['_validation_invalid_choice'] }, params: { columns: unknown.map((m) => m.src_col) } };
  const seen = new Map<string, string[]>();
  for (const m of mapping) if (m.dst_field !== IGNORE) seen.set(m.dst_field, [...(seen.get(m.dst_field) ?? []), m.src_col]);
  const dupes = [...seen.values()].filter((cols) => cols.length > 1).flat();
  if (dupes.length > 0) return { errors: { mapping: ['import_duplicate_destination'] }, params: { columns: dupes } };
  return { errors: {} };
}
