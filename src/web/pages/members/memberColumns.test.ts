import { describe, expect, it } from 'vitest';
import { availableColumns, chosenColumns, formatCell, nextSort, storedPageSize, storedSort, type ColumnDef } from './memberColumns';

const texts = { yes: 'Kyllä', no: 'Ei' };
const col = (name: string, type: ColumnDef['type'], options: ColumnDef['options'] = []) => ({ name, type, options });
const available = ['email', 'phone', 'city', 'choir'].map((name): ColumnDef => ({ name, label: name, section: 'fixed', type: 'text', options: [] }));

describe('formatCell', () => {
  it('shows values the Finnish way', () => {
    expect(formatCell(col('joined', 'date'), '2026-03-05', texts)).toBe('5.3.2026');
    expect(formatCell(col('fee', 'decimal'), 12.5, texts)).toBe('12,5');
    expect(formatCell(col('count', 'integer'), 3, texts)).toBe('3');
    expect(formatCell(col('paper', 'checkbox'), true, texts)).toBe('Kyllä');
    expect(formatCell(col('choir', 'boolean'), false, texts)).toBe('Ei');
    expect(formatCell(col('phone', 'text'), '+358401234567', texts)).toBe('040 123 4567');
    expect(formatCell(col('kind', 'dropdown', [{ value: 'a', label: 'Varsinainen' }]), 'a', texts)).toBe('Varsinainen');
    expect(formatCell(col('email', 'email'), null, texts)).toBe('');
  });
});

describe('remembered choices', () => {
  it('columns: drops removed ones, defaults to email and phone', () => {
    expect(chosenColumns(undefined, available)).toEqual(['email', 'phone']);
    expect(chosenColumns(['city', 'gone', 3], available)).toEqual(['city']);
    expect(chosenColumns([], available)).toEqual([]);
  });

  it('page size: one of 20, 50, 100, everyone; else 20', () => {
    expect(storedPageSize(100000)).toBe(100000);
    expect(storedPageSize(30)).toBe(20);
    expect(storedPageSize('50')).toBe(20);
  });

  it('sort: kept while its column is shown; a header click turns it around', () => {
    expect(storedSort({ field: 'city', dir: 'desc' }, ['city'])).toEqual({ field: 'city', dir: 'desc' });
    expect(storedSort({ field: 'city', dir: 'desc' }, ['email'])).toEqual({ field: 'lastname', dir: 'asc' });
    expect(storedSort('x', [])).toEqual({ field: 'lastname', dir: 'asc' });
    expect(nextSort({ field: 'city', dir: 'asc' }, 'city')).toEqual({ field: 'city', dir: 'desc' });
    expect(nextSort({ field: 'city', dir: 'desc' }, 'email')).toEqual({ field: 'email', dir: 'asc' });
  });
});

describe('membership columns', () => {
  it('offers the member number and "Jäsen alkaen" beside the flags, typed for display', () => {
    const label = (n: string) => ({ id: 'Jäsennumero', member_since: 'Jäsen alkaen', active: 'Aktiivinen', site_admin: 'Pääkäyttäjä' })[n] ?? n;
    const cols = availableColumns([], [], label).filter((c) => c.section === 'flag');
    expect(cols.map((c) => `${c.name}:${c.label}:${c.type}`)).toEqual(['id:Jäsennumero:integer', 'member_since:Jäsen alkaen:date', 'active:Aktiivinen:boolean', 'site_admin:Pääkäyttäjä:boolean']);
    expect(formatCell(cols[1]!, '2001-05-01', texts)).toBe('1.5.2001');
    expect(formatCell(cols[0]!, 42, texts)).toBe('42');
  });
});
