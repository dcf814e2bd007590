import { describe, expect, it } from 'vitest';
import { filterToParam, filterFromParam } from '../../../shared/filter/normalize';
import type { Field } from '../../../shared/fields/types';
import type { Group } from '../../../shared/schemas/groups';
import {
  changeField,
  type DraftItem,
  filterFields,
  filterFromDecodedParam,
  fromDraft,
  newCondition,
  rawQueryParam,
  toDraft,
  valueProblem,
} from './filterModel';

const field = (name: string, type: Field['type'], extra: Partial<Field> = {}): Field => ({
  id: name.length,
  name,
  label: name.toUpperCase(),
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

const group = (name: string, builtin: string | null = null): Group => ({
  id: name.length,
  name,
  label: name,
  email: null,
  allowed_senders: 'GroupMembers',
  builtin,
  position: 0,
});

const FIELDS = filterFields(
  [
    field('firstname', 'text', { fixed: true }),
    field('address_city', 'text', { fixed: true }),
    field('joined', 'date'),
    field('fee', 'decimal'),
    field('notes', 'heading'),
    field('secret', 'password'),
    field('kind', 'dropdown', { options: [{ value: 'a', label: 'A' }] }),
  ],
  [group('everyone', 'everyone'), group('board', 'board'), group('choir')],
  (flag) => flag,
);

describe('filterFields', () => {
  it('lists value fields, flags and groups, never headings, passwords or "everyone"', () => {
    expect(FIELDS.map((f) => `${f.name}:${f.kind}`)).toEqual([
      'firstname:text',
      'address_city:text',
      'joined:date',
      'fee:number',
      'kind:dropdown',
      'id:number',
      'member_since:date',
      'active:checkbox',
      'site_admin:checkbox',
      'board:group',
      'choir:group',
    ]);
  });
});

describe('draft ↔ filter', () => {
  it('turns typed rows into a normalised filter: Finnish dates to ISO, decimal commas to numbers', () => {
    const items: DraftItem[] = [
      { key: '1', field: 'joined', verb: 'between', value: '5.3.2020', value2: '1.1.2019' },
      { key: '2', field: 'fee', verb: 'gt', value: '12,5', value2: '' },
      {
        key: '3',
        field: 'FILTER_OR',
        children: [
          { key: '4', field: 'address_city', verb: 'eq', value: ' Turku ', value2: '' },
          { key: '5', field: 'choir', verb: 'in_group', value: 'ignored', value2: '' },
        ],
      },
    ];
    expect(fromDraft(items, FIELDS)).toEqual([
      { field: 'joined', verb: 'between', value: ['2019-01-01', '2020-03-05'] },
      { field: 'fee', verb: 'gt', value: 12.5 },
      {
        field: 'FILTER_OR',
        verb: 'or',
        value: [
          { field: 'address_city', verb: 'eq', value: 'Turku' },
          { field: 'choir', verb: 'in_group' },
        ],
      },
    ]);
  });

  it('leaves out unfinished rows, invalid dates and empty OR groups', () => {
    const items: DraftItem[] = [
      { key: '1', field: 'firstname', verb: 'contains', value: '  ', value2: '' },
      { key: '2', field: 'joined', verb: 'before', value: '31.2.2020', value2: '' },
      { key: '3', field: 'FILTER_OR', children: [{ key: '4', field: 'fee', verb: 'eq', value: 'abc', value2: '' }] },
    ];
    expect(fromDraft(items, FIELDS)).toEqual([]);
  });

  it('reads a filter back into rows as the user would type them', () => {
    const filter = fromDraft(
      [
        { key: '1', field: 'joined', verb: 'after', value: '5.3.2020', value2: '' },
        { key: '2', field: 'fee', verb: 'lt', value: '7,25', value2: '' },
      ],
      FIELDS,
    );
    const rows = toDraft(filter, FIELDS);
    expect(rows.map((r) => ('value' in r ? r.value : null))).toEqual(['5.3.2020', '7,25']);
    expect(fromDraft(rows, FIELDS)).toEqual(filter);
  });
});

describe('rows', () => {
  it('a new row takes the field’s first verb; changing the field keeps what still fits', () => {
    const row = newCondition(FIELDS, 'address_city');
    expect(row.verb).toBe('contains');
    const typed = { ...row, value: 'Oulu' };
    expect(changeField(typed, FIELDS, 'firstname')).toMatchObject({ field: 'firstname', verb: 'contains', value: 'Oulu' });
    expect(changeField(typed, FIELDS, 'joined')).toMatchObject({ field: 'joined', verb: 'before', value: '' });
    expect(changeField(typed, FIELDS, 'choir')).toMatchObject({ verb: 'in_group' });
  });

  it('names typing problems of dates and numbers', () => {
    expect(valueProblem('date', '5.3.2026')).toBeNull();
    expect(valueProblem('date', '5.13.2026')).toBe('date');
    expect(valueProblem('date', '')).toBeNull();
    expect(valueProblem('number', '1 234,5')).toBeNull();
    expect(valueProblem('number', '12a')).toBe('number');
    expect(valueProblem('text', 'x')).toBeNull();
  });
});

describe('filters in URLs', () => {
  const filter = [{ field: 'firstname', verb: 'contains' as const, value: '100% & /x' }];

  it('reads a query parameter raw, so the shared filterFromParam decodes it once', () => {
    const search = `?page=2&filter=${filterToParam(filter)}`;
    expect(filterFromParam(rawQueryParam(search, 'filter'))).toEqual(filter);
    expect(rawQueryParam('?a=1', 'filter')).toBeUndefined();
  });

  it('reads a route parameter the router has decoded, also with "%" in a value', () => {
    const decoded = decodeURIComponent(filterToParam(filter));
    expect(filterFromDecodedParam(decoded)).toEqual(filter);
    expect(filterFromDecodedParam(filterToParam(filter))).toEqual(filter);
    expect(filterFromDecodedParam('[]')).toEqual([]);
    expect(filterFromDecodedParam('not json')).toBeNull();
    expect(filterFromDecodedParam('{"a":1}')).toBeNull();
  });
});
