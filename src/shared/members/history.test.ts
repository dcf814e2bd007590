import { describe, expect, it } from 'vitest';
import { historyValue, newMemberHistory } from './history';

describe('member history values', () => {
  it('shows dates, decimals and checkboxes as the form does, passwords masked', () => {
    expect(historyValue('date', { text: '1990-12-24', num: null })).toBe('24.12.1990');
    expect(historyValue('decimal', { text: null, num: 12.5 })).toBe('12,5');
    expect(historyValue('checkbox', { text: null, num: 1 })).toBe('1');
    expect(historyValue('password', { text: '$argon2id$…', num: null })).toBe('********');
    expect(historyValue('text', { text: null, num: null })).toBeNull();
  });
});

describe('a new member\'s first history entry', () => {
  it('lists given values, flags off their defaults, groups joined and a set password, in that order', () => {
    const data = newMemberHistory({
      columns: [
        { field: 'firstname', label: 'Etunimi', value: 'Aino' },
        { field: 'email', label: 'Sähköposti', value: null },
        { field: 'address_city', label: 'Postitoimipaikka', value: 'Oulu' },
      ],
      flags: { active: false, site_admin: false, board: true },
      values: [
        { field: { name: 'syntynyt', label: 'Syntymäaika', type: 'date' }, value: { text: '1990-12-24', num: null } },
        { field: { name: 'lisatieto', label: 'Lisätieto', type: 'text' }, value: { text: null, num: null } },
      ],
      groups: [{ name: 'kuoro', label: 'Kuoro' }],
      password: true,
    });
    expect(data).toEqual([
      { field: 'firstname', label: 'Etunimi', old: null, new: 'Aino' },
      { field: 'address_city', label: 'Postitoimipaikka', old: null, new: 'Oulu' },
      { field: 'active', label: 'Aktiivinen', old: true, new: false },
      { field: 'board', label: 'Hallitus', old: false, new: true },
      { field: 'syntynyt', label: 'Syntymäaika', old: null, new: '24.12.1990' },
      { field: 'kuoro', label: 'Kuoro', old: false, new: true },
      { field: 'password', label: 'Salasana', old: null, new: '********' },
    ]);
  });

  it('records nothing for defaults and empty values', () => {
    expect(newMemberHistory({ columns: [{ field: 'phone', label: 'Matkapuhelin', value: '' }], flags: { active: true }, values: [], groups: [] })).toEqual([]);
  });
});
