import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import fi from '../../../shared/i18n/fi';
import type { Field } from '../../../shared/fields/types';
import { bulkBody, bulkSummary, initialValue, type Item } from './bulkEditModel';
import { verbLabel, describeFilter } from './filterLabels';
import { filterFields, fromDraft, valueProblem, verbsFor, type DraftCondition } from './filterModel';
import { formatCell } from './memberColumns';
import { toFormValues, toMemberBody } from './memberFormValues';

// A consent field in the web app: the form's checkbox, the list cell, the filter editor's
// conditions and bulk edit's give/withdraw, as the server expects them.

const t = ((key: string, vars: Record<string, string> = {}) =>
  ((fi as Record<string, string>)[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, v: string) => vars[v] ?? '')) as unknown as TFunction;

const consent: Field = {
  id: 7,
  name: 'kuvauslupa',
  label: 'Kuvauslupa',
  type: 'consent',
  visibility: 2,
  options: [],
  params: {},
  group: null,
  help_text: 'Kuvien julkaisu seuran sivuilla',
  maxlength: 255,
  fixed: false,
  position: 1,
};

describe('consent in the web app', () => {
  it('holds the stored date in the form and sends "given" as true, withdrawal as false', () => {
    expect(toFormValues([consent], [], { id: 1, kuvauslupa: '2026-03-06' }).kuvauslupa).toBe('2026-03-06');
    expect(toFormValues([consent], [], { id: 1, kuvauslupa: null }).kuvauslupa).toBe(false);
    expect(toMemberBody([consent], [], { kuvauslupa: '2026-03-06' }, { creating: false }).kuvauslupa).toBe(true);
    expect(toMemberBody([consent], [], { kuvauslupa: true }, { creating: false }).kuvauslupa).toBe(true);
    expect(toMemberBody([consent], [], { kuvauslupa: false }, { creating: false }).kuvauslupa).toBe(false);
  });

  it('shows "Kyllä (d.M.yyyy)" or "Ei" in the list', () => {
    const texts = { yes: 'Kyllä', no: 'Ei' };
    expect(formatCell({ name: 'kuvauslupa', type: 'consent', options: [] }, '2026-03-06', texts)).toBe('Kyllä (6.3.2026)');
    expect(formatCell({ name: 'kuvauslupa', type: 'consent', options: [] }, null, texts)).toBe('Ei');
  });

  it('offers given / not given / given before or after a date, read as dates', () => {
    const fields = filterFields([consent], [], () => '');
    const field = fields.find((f) => f.name === 'kuvauslupa')!;
    expect(field.kind).toBe('consent');
    expect(verbsFor(field.kind).map((v) => verbLabel(t, v, field.kind))).toEqual(['on annettu', 'ei annettu', 'annettu jälkeen', 'annettu ennen', 'annettu välillä']);
    expect(valueProblem(field.kind, '32.1.2026')).toBe('date');
    const row = (verb: DraftCondition['verb'], value = ''): DraftCondition => ({ key: 'k', field: 'kuvauslupa', verb, value, value2: '' });
    expect(fromDraft([row('not_empty')], fields)).toEqual([{ field: 'kuvauslupa', verb: 'not_empty' }]);
    expect(fromDraft([row('after', '1.1.2026')], fields)).toEqual([{ field: 'kuvauslupa', verb: 'after', value: '2026-01-01' }]);
    expect(describeFilter(t, [{ field: 'kuvauslupa', verb: 'not_empty' }], fields)).toEqual(['Kuvauslupa on annettu']);
  });

  it('gives consent in bulk as true, and withdraws it as a clearing', () => {
    const item: Item = { kind: 'field', name: 'kuvauslupa', label: 'Kuvauslupa', field: consent };
    expect(initialValue(item)).toBe(true);
    expect(bulkBody([item], { kuvauslupa: { on: true, value: true } })).toEqual({ data: { kuvauslupa: true }, clear: [], errors: {} });
    expect(bulkBody([item], { kuvauslupa: { on: true, value: false } })).toEqual({ data: {}, clear: ['kuvauslupa'], errors: {} });
    expect(bulkSummary(t, item, { on: true, value: false })).toBe('Kuvauslupa: perutaan');
  });
});
