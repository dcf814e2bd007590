import { describe, expect, it } from 'vitest';
import { FIXED_FIELDS, type Field } from '../../../shared/fields/types';
import type { Group } from '../../../shared/schemas/groups';
import {
  destinations,
  duplicateColumns,
  effectiveKeyField,
  EMPTY_WIZARD,
  errorRowCount,
  groupCellValue,
  initialMapping,
  keyFieldChoices,
  parseSavedWizard,
  previewCell,
} from './wizardModel';

const fixed: Field[] = FIXED_FIELDS.map((f, i) => ({
  id: i + 1,
  name: f.name,
  label: f.label,
  type: f.type,
  visibility: f.visibility,
  visibility_options: f.visibility_options,
  options: [],
  params: {},
  group: null,
  help_text: '',
  maxlength: f.maxlength,
  fixed: true,
  position: i,
}));
const custom = (id: number, name: string, label: string, type: Field['type']): Field => ({ ...fixed[0]!, id, name, label, type, fixed: false, maxlength: 255 });
const fields: Field[] = [...fixed, custom(50, 'syntymapaiva', 'Syntymäpäivä', 'date'), custom(51, 'jasennumero', 'Jäsennumero', 'integer'), custom(52, 'otsikko', 'Otsikko', 'heading'), custom(53, 'lupa', 'Kuvauslupa', 'checkbox')];
const group = (id: number, name: string, builtin: string | null): Group => ({ id, name, label: name, email: null, allowed_senders: 'admins_and_board', builtin, position: id });
const groups: Group[] = [group(1, 'kaikki', 'everyone'), group(2, 'hallitus', 'board'), group(3, 'junnut', null)];
const known = destinations(fields, groups);
const dest = (name: string) => known.find((d) => d.name === name)!;

describe('destinations', () => {
  it('offers value fields and groups, not headings or the everyone group', () => {
    const names = known.map((d) => d.name);
    expect(names).toContain('syntymapaiva');
    expect(names).toContain('junnut');
    expect(names).toContain('hallitus');
    expect(names).not.toContain('otsikko');
    expect(names).not.toContain('kaikki');
  });
});

describe('initialMapping', () => {
  it('takes known suggestions, once per destination, and ignores the rest', () => {
    const mapping = initialMapping(
      ['Etunimi', 'Nimi', 'Sähköposti', 'Outo'],
      [
        { src_col: 'Etunimi', dst_field: 'firstname' },
        { src_col: 'Nimi', dst_field: 'firstname' },
        { src_col: 'Sähköposti', dst_field: 'email' },
        { src_col: 'Outo', dst_field: 'ei_ole' },
      ],
      known,
    );
    expect(mapping.map((m) => m.dst_field)).toEqual(['firstname', '_ignore', 'email', '_ignore']);
  });
});

describe('duplicateColumns', () => {
  it('names the other columns that share a destination; ignored columns never clash', () => {
    const dupes = duplicateColumns([
      { src_col: 'A', dst_field: 'email' },
      { src_col: 'B', dst_field: '_ignore' },
      { src_col: 'C', dst_field: 'email' },
      { src_col: 'D', dst_field: '_ignore' },
    ]);
    expect([...dupes.entries()]).toEqual([
      [0, ['C']],
      [2, ['A']],
    ]);
  });
});

describe('key field', () => {
  it('is email when email is mapped, with other mapped identifying fields as choices', () => {
    const mapping = [
      { src_col: 'Etunimi', dst_field: 'firstname' },
      { src_col: 'Email', dst_field: 'email' },
      { src_col: 'Nro', dst_field: 'jasennumero' },
      { src_col: 'Synt', dst_field: 'syntymapaiva' },
    ];
    const choices = keyFieldChoices(mapping, known).map((d) => d.name);
    expect(choices).toEqual(['email', 'jasennumero']);
    expect(effectiveKeyField('email', keyFieldChoices(mapping, known))).toBe('email');
    expect(effectiveKeyField('jasennumero', keyFieldChoices(mapping, known))).toBe('jasennumero');
  });

  it('falls back to a mapped field when email is not mapped, and to email (an error) when nothing is', () => {
    const withNumber = [{ src_col: 'Nro', dst_field: 'jasennumero' }];
    expect(effectiveKeyField('email', keyFieldChoices(withNumber, known))).toBe('jasennumero');
    const namesOnly = [{ src_col: 'Etunimi', dst_field: 'firstname' }];
    expect(keyFieldChoices(namesOnly, known).map((d) => d.name)).toEqual(['email']);
  });
});

describe('previewCell', () => {
  it('shows values as they will be stored', () => {
    expect(previewCell(dest('syntymapaiva'), '5.3.1980')).toEqual({ kind: 'text', text: '5.3.1980' });
    expect(previewCell(dest('syntymapaiva'), '1980-03-05')).toEqual({ kind: 'text', text: '5.3.1980' });
    expect(previewCell(dest('email'), ' Matti@Example.FI ')).toEqual({ kind: 'text', text: 'matti@example.fi' });
    expect(previewCell(dest('phone'), '0401234567')).toEqual({ kind: 'text', text: '040 123 4567' });
    expect(previewCell(dest('junnut'), 'x')).toEqual({ kind: 'flag', value: true });
    expect(previewCell(dest('junnut'), 'ei')).toEqual({ kind: 'flag', value: false });
    expect(previewCell(dest('junnut'), '')).toEqual({ kind: 'text', text: '' });
    expect(previewCell(dest('lupa'), '1')).toEqual({ kind: 'flag', value: true });
  });

  it('flags what the member form would refuse, with its message key', () => {
    expect(previewCell(dest('syntymapaiva'), '31.2.2020')).toEqual({ kind: 'error', raw: '31.2.2020', key: '_validation_date_invalid' });
    expect(previewCell(dest('email'), 'ei-osoite')).toMatchObject({ kind: 'error', key: '_validation_invalid_email' });
    expect(previewCell(dest('phone'), '12')).toMatchObject({ kind: 'error' });
    expect(previewCell(dest('junnut'), 'ehkä')).toMatchObject({ kind: 'error', key: '_validation_invalid' });
  });

  it('reads group cells like the server', () => {
    expect(['1', 'X', 'Kyllä', 'yes', 'ja'].map(groupCellValue)).toEqual([true, true, true, true, true]);
    expect(['0', 'EI', 'no', 'nej'].map(groupCellValue)).toEqual([false, false, false, false]);
    expect(groupCellValue('  ')).toBeNull();
    expect(groupCellValue('ehkä')).toBeUndefined();
  });
});

describe('errorRowCount', () => {
  it('counts rows, not errors', () => {
    expect(
      errorRowCount([
        { row: 7, column: 'A', key: 'x' },
        { row: 7, column: 'B', key: 'y' },
        { row: 9, column: 'A', key: 'x' },
      ]),
    ).toBe(2);
  });
});

describe('parseSavedWizard', () => {
  const upload = { id: 'abc', filename: 'jasenet.xlsx', sheets: [{ name: 'Taul1', row_count: 3 }] };

  it('restores a saved wizard; step 4 resumes at step 3 (results are not kept)', () => {
    const saved = { step: 3, upload, sheet: null, mapping: [{ src_col: 'A', dst_field: 'email' }], keyField: 'email' };
    expect(parseSavedWizard(JSON.stringify(saved))).toEqual({ ...saved, step: 2 });
  });

  it('never resumes past the file step without a file', () => {
    expect(parseSavedWizard(JSON.stringify({ ...EMPTY_WIZARD, step: 2 }))?.step).toBe(1);
  });

  it('drops unreadable state', () => {
    expect(parseSavedWizard(null)).toBeNull();
    expect(parseSavedWizard('{')).toBeNull();
    expect(parseSavedWizard(JSON.stringify({ step: 9 }))).toBeNull();
    expect(parseSavedWizard(JSON.stringify({ step: 1, upload: { id: {}, filename: 'x', sheets: [] } }))).toBeNull();
  });
});

describe('member number as a destination', () => {
  const withNumber = destinations(fields, groups, 'Jäsennumero (järjestelmä)');
  it('is a destination, and the first key choice when mapped', () => {
    expect(withNumber[0]).toMatchObject({ kind: 'field', name: 'id', label: 'Jäsennumero (järjestelmä)' });
    const mapping = [
      { src_col: 'Jäsennumero (järjestelmä)', dst_field: 'id' },
      { src_col: 'Sähköposti', dst_field: 'email' },
    ];
    expect(keyFieldChoices(mapping, withNumber).map((d) => d.name)).toEqual(['id', 'email']);
    expect(effectiveKeyField('email', keyFieldChoices(mapping, withNumber))).toBe('email');
    expect(keyFieldChoices([{ src_col: 'Sähköposti', dst_field: 'email' }], withNumber).map((d) => d.name)).toEqual(['email']);
  });
  it('previews the export\'s words as the server reads them', () => {
    const dropdown: Field = { ...custom(60, 'laji', 'Jäsenlaji', 'dropdown'), options: [{ value: 'a', label: 'Aikuinen' }] };
    const preview = (field: Field, raw: string) => previewCell({ kind: 'field', name: field.name, label: field.label, field }, raw);
    expect(preview(dropdown, 'AIKUINEN')).toEqual({ kind: 'text', text: 'Aikuinen' });
    expect(preview(dropdown, 'a')).toEqual({ kind: 'text', text: 'Aikuinen' });
    expect(previewCell(dest('lupa'), 'Ei')).toEqual({ kind: 'flag', value: false });
    expect(previewCell(dest('lupa'), 'Kyllä')).toEqual({ kind: 'flag', value: true });
    expect(previewCell(withNumber[0]!, '123')).toEqual({ kind: 'text', text: '123' });
  });
});

describe('federation member id as a destination', () => {
  const all = destinations(fields, groups, 'Jäsennumero (järjestelmä)', 'Liiton jäsennumero');
  it('is a text destination after the member number, never a key', () => {
    expect(all[1]).toMatchObject({ kind: 'field', name: 'federation_ref', label: 'Liiton jäsennumero' });
    const mapping = [
      { src_col: 'Liiton jäsennumero', dst_field: 'federation_ref' },
      { src_col: 'Sähköposti', dst_field: 'email' },
    ];
    expect(keyFieldChoices(mapping, all).map((d) => d.name)).toEqual(['email']);
  });
});
