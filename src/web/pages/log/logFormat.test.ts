import { describe, expect, it } from 'vitest';
import fi from '../../../shared/i18n/fi';
import { contextLabel, eventLabel, fieldLabel, logValue, type LabelSources, type TextOf } from './logFormat';

const texts = { yes: 'Kyllä', no: 'Ei', empty: '–', klo: 'klo' };
const text: TextOf = (key, vars = {}) => {
  const s = (fi as Record<string, string>)[key];
  return s === undefined ? undefined : s.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, v: string) => vars[v] ?? '');
};
const src: LabelSources = { text, register: (name) => ({ jasenlaji: 'Jäsenlaji', kuoro: 'Kuoro', firstname: 'Etunimi' })[name] };

describe('log values', () => {
  it('shows scalars like the member history: yes/no, empty as a dash, decimal comma, Finnish dates', () => {
    expect(logValue('vat_obliged', true, texts)).toBe('Kyllä');
    expect(logValue('vat_obliged', false, texts)).toBe('Ei');
    for (const empty of [null, undefined, '', [], {}]) expect(logValue('x', empty, texts)).toBe('–');
    expect(logValue('fee', 12.5, texts)).toBe('12,5');
    expect(logValue('count', 0, texts)).toBe('0');
    expect(logValue('joined', '2020-01-31', texts)).toBe('31.1.2020');
    expect(logValue('deleted_at', '2026-03-05T12:05:00.000Z', texts)).toBe('5.3.2026 klo 14.05');
    expect(logValue('phone', '+358401234567', texts)).toBe('040 123 4567');
    expect(logValue('reply_to_email', 'hallitus@example.fi', texts)).toBe('hallitus@example.fi');
  });

  it('shows lists and objects compactly on one line', () => {
    expect(logValue('order', ['board', 'kuoro'], texts)).toBe('board, kuoro');
    expect(logValue('group', { name: 'kuoro', email: null, open: true }, texts)).toBe('name: kuoro, email: –, open: Kyllä');
    expect(logValue('values', [{ member_id: 3, value: 'x' }, { member_id: 4, value: '' }], texts)).toBe('(member_id: 3, value: x), (member_id: 4, value: –)');
    expect(logValue('filter', [{ field: 'city', verb: 'eq', value: ['a', ['b']] }], texts)).toBe('(field: city, verb: eq, value: [a, …])');
  });

  it('cuts long texts, and names stored codes when asked', () => {
    const long = 'a'.repeat(200);
    const cut = logValue('help_text', long, texts, { max: 80 });
    expect(cut).toHaveLength(80);
    expect(cut.endsWith('…')).toBe(true);
    expect(logValue('help_text', long, texts)).toBe(long);
    const valueLabel = (field: string, value: unknown) => (field === 'type' && value === 'text' ? 'Teksti' : undefined);
    expect(logValue('type', 'text', texts, { valueLabel })).toBe('Teksti');
    expect(logValue('type', 'textarea', texts, { valueLabel })).toBe('textarea');
  });
});

describe('log labels', () => {
  it('names events in Finnish, unknown ones as they are', () => {
    expect(eventLabel(text, 'member_updated')).toBe('Jäsentä muokattu');
    expect(eventLabel(text, 'settings_changed')).toBe('Asetuksia muutettu');
    expect(eventLabel(text, 'future_event')).toBe('future_event');
  });

  it('names contexts: the member by name, a removed member, fields, groups, settings scopes', () => {
    expect(contextLabel(text, { context: 'member:12', member_: { id: 12, name: 'Matti Meikäläinen' } })).toBe('Jäsen: Matti Meikäläinen');
    expect(contextLabel(text, { context: 'member:12', member_: null })).toBe('Poistettu jäsen');
    expect(contextLabel(text, { context: 'fields:jasenlaji', member_: null })).toBe('Kenttä: jasenlaji');
    expect(contextLabel(text, { context: 'groups:kuoro', member_: null })).toBe('Ryhmä: kuoro');
    expect(contextLabel(text, { context: 'organisation', member_: null })).toBe('Asetukset: yhdistys');
    expect(contextLabel(text, { context: 'bulkupdate', member_: null })).toBe('Joukkomuokkaus');
    expect(contextLabel(text, { context: 'jotain', member_: null })).toBe('jotain');
    expect(contextLabel(text, { context: '', member_: null })).toBe('–');
  });

  it('labels data fields from the settings form, the register and the log catalogue', () => {
    expect(fieldLabel(src, 'settings_changed', 'reply_to_email')).toBe('Vastausosoite (sähköposti)');
    expect(fieldLabel(src, 'settings_changed', 'name_')).toBe('Yhdistyksen nimi');
    expect(fieldLabel(src, 'tenant_created', 'name')).toBe('Yhdistyksen nimi');
    expect(fieldLabel(src, 'tenant_created', 'admin_email')).toBe('Pääkäyttäjän sähköposti');
    expect(fieldLabel(src, 'member_updated', 'jasenlaji')).toBe('Jäsenlaji');
    expect(fieldLabel(src, 'members_bulkupdate', 'kuoro')).toBe('Kuoro');
    expect(fieldLabel(src, 'member_updated', 'active')).toBe('Aktiivinen');
    expect(fieldLabel(src, 'member_deleted', 'fullname_')).toBe('Nimi');
    expect(fieldLabel(src, 'login', 'ip')).toBe('IP-osoite');
    // Outside member events a register name is not looked up: "name" of a group is its id name.
    expect(fieldLabel(src, 'group_updated', 'firstname')).toBe('firstname');
    expect(fieldLabel(src, 'group_updated', 'label')).toBe('Nimi');
  });
});
