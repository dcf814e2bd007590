import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Field } from '../../../shared/fields/types';
import fi from '../../../shared/i18n/fi';
import type { LogEntry } from '../../../shared/schemas/log';
import { describeFilter } from '../members/filterLabels';
import { filterFields } from '../members/filterModel';
import { contextLabel, fieldLabel, type LabelSources, logValue, type TextOf } from './logFormat';
import { readableValue, shownData, type ValueSources } from './logValues';

// Every kind of log entry reads as words, never as stored codes.

const text: TextOf = (key, vars = {}) => {
  const s = (fi as Record<string, string>)[key];
  return s === undefined ? undefined : s.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, v: string) => vars[v] ?? '');
};
const t = ((key: string, vars?: Record<string, string>) => text(key, vars) ?? key) as unknown as TFunction;

const field = (name: string, label: string, type: Field['type'], extra: Partial<Field> = {}): Field => ({
  id: name.length,
  name,
  label,
  type,
  visibility: 2,
  visibility_options: [0, 1, 2, 3],
  options: [],
  params: {},
  group: null,
  help_text: '',
  maxlength: 255,
  fixed: false,
  position: 0,
  ...extra,
});
const FIELDS = [
  field('firstname', 'Etunimi', 'text', { fixed: true }),
  field('address_city', 'Postitoimipaikka', 'text', { fixed: true }),
  field('jasenlaji', 'Jäsenlaji', 'dropdown', { options: [{ value: 'a', label: 'Aikuinen' }, { value: 'n', label: 'Nuori' }] }),
  field('syntymapaiva', 'Syntymäpäivä', 'date'),
  field('maksettu', 'Jäsenmaksu maksettu', 'checkbox'),
];
const GROUPS = [{ id: 9, name: 'kuoro', label: 'Kuoro', email: null, allowed_senders: 'GroupMembers' as const, builtin: null, position: 2, member_count: 0 }];
const filterFieldList = filterFields(FIELDS, GROUPS, (f) => ({ active: 'Aktiivinen', site_admin: 'Pääkäyttäjä', id: 'Jäsennumero', member_since: 'Jäsen alkaen' })[f]);
const values: ValueSources = {
  text,
  fieldByName: (name) => FIELDS.find((f) => f.name === name),
  groupLabel: (name) => GROUPS.find((g) => g.name === name)?.label,
  describeFilter: (filter) => describeFilter(t, filter, filterFieldList),
};
const register = (name: string) => FIELDS.find((f) => f.name === name)?.label ?? GROUPS.find((g) => g.name === name)?.label;
const src: LabelSources = { text, register };
const texts = { yes: 'Kyllä', no: 'Ei', empty: '–', klo: 'klo' };
const valueLabel = (f: string, v: unknown) => readableValue(values, f, v);

/** The entry as the log list reads it: context, then "Kenttä: vanha → uusi" per shown row. */
function read(entry: Pick<LogEntry, 'event' | 'context' | 'data'>): string[] {
  const lines = shownData(entry).map((d) => {
    const label = fieldLabel(src, entry.event, d.field, d.label);
    const v = (x: unknown) => logValue(d.field, x, texts, { valueLabel });
    return 'old' in d && 'new' in d ? `${label}: ${v(d.old)} → ${v(d.new)}` : `${label}: ${v('new' in d ? d.new : d.old)}`;
  });
  return [contextLabel(text, { ...entry, member_: null }, register), ...lines];
}

/** Codes that must never reach the reader. */
const CODES = /\b(address_city|jasenlaji|syntymapaiva|kuoro|dropdown|GroupMembers|admins_and_board|MFA_\w+|reset_code|member_id|field:|verb|visibility|[a-z]+_[a-z_]+)\b|[{}[\]"]/;

const ENTRIES: { entry: Pick<LogEntry, 'event' | 'context' | 'data'>; expected: string[] }[] = [
  {
    entry: { event: 'field_updated', context: 'fields:jasenlaji', data: [{ field: 'visibility', old: 2, new: 3 }, { field: 'type', old: 'text', new: 'dropdown' }, { field: 'options', old: [], new: [{ value: 'a', label: 'Aikuinen' }, { value: 'n', label: 'Nuori' }] }, { field: 'params', old: {}, new: { min: 1, max: 10.5 } }] },
    expected: ['Kenttä: Jäsenlaji', 'Näkyvyys: muokattava → pakollinen', 'Tyyppi: Teksti → Pudotusvalikko', 'Vaihtoehdot: – → Aikuinen, Nuori', 'Rajat: – → Pienin sallittu arvo 1, Suurin sallittu arvo 10,5'],
  },
  {
    entry: { event: 'field_created', context: 'fields', data: [{ field: 'name', new: 'jasenlaji' }, { field: 'label', new: 'Jäsenlaji' }, { field: 'type', new: 'dropdown' }] },
    expected: ['Kentät', 'Nimi: Jäsenlaji', 'Tyyppi: Pudotusvalikko'],
  },
  {
    entry: { event: 'field_deleted', context: 'fields:vanha_kentta', data: [{ field: 'field', old: { name: 'vanha_kentta', label: 'Vanha kenttä', type: 'dropdown', options: [{ value: 'x', label: 'Iso' }] } }, { field: 'values', old: [{ member_id: 3, value: 'Iso' }, { member_id: 4, value: 'Iso' }] }] },
    expected: ['Kenttä: Vanha kenttä', 'Kenttä: Vanha kenttä, Pudotusvalikko, Iso', 'Arvot: jäsennumero 3: Iso; jäsennumero 4: Iso'],
  },
  {
    entry: { event: 'fields_reordered', context: 'fields', data: [{ field: 'order', old: ['firstname', 'jasenlaji'], new: ['jasenlaji', 'firstname'] }] },
    expected: ['Kentät', 'Järjestys: Etunimi, Jäsenlaji → Jäsenlaji, Etunimi'],
  },
  {
    entry: { event: 'group_created', context: 'groups', data: [{ field: 'name', new: 'kuoro' }, { field: 'label', new: 'Kuoro' }] },
    expected: ['Ryhmät', 'Nimi: Kuoro'],
  },
  {
    entry: { event: 'group_updated', context: 'groups:kuoro', data: [{ field: 'name', old: 'laulu', new: 'kuoro' }, { field: 'allowed_senders', old: 'GroupMembers', new: 'admins_and_board' }] },
    expected: ['Ryhmä: Kuoro', `Sallitut lähettäjät: ${text('groups.senders_group_members')!} → ${text('groups.senders_admins_and_board')!}`],
  },
  {
    entry: { event: 'group_deleted', context: 'groups:soittajat', data: [{ field: 'group', old: { name: 'soittajat', label: 'Soittajat', email: null, allowed_senders: 'GroupMembers' } }, { field: 'members', old: [3, 4] }] },
    expected: ['Ryhmä: Soittajat', 'Ryhmä: Soittajat', 'Jäsenet: jäsennumerot 3, 4'],
  },
  {
    entry: { event: 'member_updated', context: 'member:3', data: [{ field: 'jasenlaji', old: 'a', new: 'n' }, { field: 'syntymapaiva', old: null, new: '1990-03-05' }, { field: 'kuoro', old: false, new: true }, { field: 'address_city', old: 'Turku', new: 'Tampere' }, { field: 'maksettu', old: null, new: 1 }, { field: 'poistettu_kentta', label: 'Poistettu kenttä', old: 'x', new: null }] },
    expected: ['Poistettu jäsen', 'Jäsenlaji: Aikuinen → Nuori', 'Syntymäpäivä: – → 5.3.1990', 'Kuoro: Ei → Kyllä', 'Postitoimipaikka: Turku → Tampere', 'Jäsenmaksu maksettu: – → Kyllä', 'Poistettu kenttä: x → –'],
  },
  {
    entry: { event: 'members_bulkupdate', context: 'members', data: [{ field: 'jasenlaji', new: 'n' }, { field: 'count', new: 12 }] },
    expected: ['Jäsenet', 'Jäsenlaji: Nuori', 'Määrä: 12'],
  },
  {
    entry: { event: 'members_exported', context: 'members', data: [{ field: 'format', new: 'xlsx' }, { field: 'filter', new: [{ field: 'jasenlaji', verb: 'eq', value: 'n' }, { field: 'kuoro', verb: 'in_group' }, { field: 'member_since', verb: 'before', value: '2020-01-01' }] }, { field: 'columns', new: ['id', 'firstname', 'jasenlaji', 'kuoro', 'member_since', 'created_at'] }] },
    expected: ['Jäsenet', 'Tiedostomuoto: xlsx', 'Rajaus: Jäsenlaji on ”Nuori”; Kuuluu ryhmään ”Kuoro”; Jäsen alkaen ennen ”1.1.2020”', 'Sarakkeet: Jäsennumero, Etunimi, Jäsenlaji, Kuoro, Jäsen alkaen, Lisätty'],
  },
  {
    entry: { event: 'members_exported', context: 'members', data: [{ field: 'filter', new: [] }] },
    expected: ['Jäsenet', 'Rajaus: ei rajausta (kaikki jäsenet)'],
  },
  {
    entry: { event: 'mfa_policy_changed', context: 'security', data: [{ field: 'mfa_enabled_for', old: 'disabled', new: 'admins' }, { field: 'sessions_closed', new: 2 }] },
    expected: ['Asetukset: tietoturva', 'Kaksivaiheinen tunnistautuminen: Ei käytössä → Pääkäyttäjille', 'Päätetyt istunnot: 2'],
  },
  {
    entry: { event: 'mfa_cleared', context: 'session', data: [{ field: 'mfa_status', old: 'MFA_SET', new: 'MFA_NOT_SET' }] },
    expected: ['Istunto', 'Tunnistautumisen tila: Käytössä → Ei asetettu'],
  },
  {
    entry: { event: 'login_mfa_required', context: 'session', data: [{ field: 'step', new: 'reset_code' }, { field: 'ip', new: '10.0.0.1' }] },
    expected: ['Istunto', 'Vaihe: palautuskoodi', 'IP-osoite: 10.0.0.1'],
  },
  {
    entry: { event: 'login_failed', context: 'session', data: [{ field: 'mfa_status', new: 'MFA_RESETTING_EXPIRED' }] },
    expected: ['Istunto', 'Tunnistautumisen tila: Palautuskoodi vanhentunut'],
  },
  {
    entry: { event: 'batch_undone', context: 'bulkupdate', data: [{ field: 'restored', new: 5 }, { field: 'kept', new: 1 }] },
    expected: ['Joukkomuokkaus', 'Palautetut: 5', 'Ennalleen jätetyt: 1'],
  },
  {
    entry: { event: 'members_imported', context: 'importer', data: [{ field: 'filename', new: 'jasenet.xlsx' }, { field: 'created', new: 3 }, { field: 'updated', new: 0 }, { field: 'skipped', new: 1 }] },
    expected: ['Tuonti', 'Tiedosto: jasenet.xlsx', 'Lisätyt: 3', 'Päivitetyt: 0', 'Ohitetut: 1'],
  },
];

describe('log entries read as words', () => {
  for (const { entry, expected } of ENTRIES) {
    it(`${entry.event}: ${expected.slice(1).join(' | ') || expected[0]!}`, () => {
      const lines = read(entry);
      expect(lines).toEqual(expected);
      // File names and addresses are the user's own data, not codes.
      for (const line of lines.filter((l) => !/jasenet\.xlsx|10\.0\.0\.1/.test(l))) expect(line).not.toMatch(CODES);
    });
  }

  it('names a visibility list and keeps unknown values as they are', () => {
    expect(readableValue(values, 'visibility_options', [1, 2, 3])).toBe('näkyvä, ei muokattava, muokattava, pakollinen');
    expect(readableValue(values, 'type', 'future_type')).toBeUndefined();
    expect(readableValue(values, 'address_city', 'Turku')).toBeUndefined();
    expect(readableValue(values, 'jasenlaji', 'poistettu_arvo')).toBeUndefined();
  });
});
