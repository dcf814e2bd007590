import { describe, expect, it } from 'vitest';
import { designOf, faceOf, validUntil } from './face';

describe('member card face', () => {
  it('valid until the next season end on or after the day of issue', () => {
    expect(validUntil('12-31', '2026-11-24')).toBe('2026-12-31');
    expect(validUntil('12-31', '2026-12-31')).toBe('2026-12-31');
    expect(validUntil('07-31', '2026-08-01')).toBe('2027-07-31');
    expect(validUntil('07-31', '2026-07-31')).toBe('2026-07-31');
    expect(validUntil('02-29', '2026-03-01')).toBe('2027-02-28');
    expect(validUntil('02-29', '2027-03-01')).toBe('2028-02-29');
  });

  it('defaults: member number and member since, labels on, landscape, calendar year', () => {
    expect(designOf({})).toEqual({ groups: [], fields: ['member_number', 'member_since'], labels: true, aspect: 'landscape', extra_text: '', logo: null, bgimage: null, season_end: '12-31' });
  });

  it('shows the chosen fields a member may see, formatted, and never hidden ones', () => {
    const design = { ...designOf({ membercard_groups: [1], membercard_fields: ['member_number', 'firstname', 'syntymapaiva', 'salainen', 'lisenssi', 'tyhja'] }) };
    const fields = [
      { name: 'syntymapaiva', label: 'Syntymäpäivä', type: 'date' as const, options: [], visibility: 1 as const },
      { name: 'salainen', label: 'Salainen', type: 'text' as const, options: [], visibility: 0 as const },
      { name: 'lisenssi', label: 'Lisenssi', type: 'dropdown' as const, options: [{ value: 'a', label: 'A-lisenssi' }], visibility: 2 as const },
      { name: 'tyhja', label: 'Tyhjä', type: 'text' as const, options: [], visibility: 2 as const },
    ];
    const face = faceOf({
      association: 'Kuoro ry',
      design,
      fields,
      member: { id: 7, firstname: 'Åke', lastname: 'Öhman', syntymapaiva: '1990-05-04', salainen: 'x', lisenssi: 'a', tyhja: '' },
      validUntil: '2026-12-31',
    });
    expect(face.name).toBe('Åke Öhman');
    expect(face.rows).toEqual([
      { label: 'Jäsennumero', value: '7' },
      { label: 'Syntymäpäivä', value: '4.5.1990' },
      { label: 'Lisenssi', value: 'A-lisenssi' },
    ]);
  });
});
