import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatFinnishDate, parseFinnishDate, parseIsoDate } from './date';

describe('parseFinnishDate', () => {
  it.each([
    ['5.3.2026', '2026-03-05'],
    ['05.03.2026', '2026-03-05'],
    [' 31.12.1999 ', '1999-12-31'],
    ['29.2.2024', '2024-02-29'],
    ['29.2.2000', '2000-02-29'],
    ['1.1.1901', '1901-01-01'],
    // A phone's number pad has no dot.
    ['24121990', '1990-12-24'],
    ['24 12 1990', '1990-12-24'],
    ['24-12-1990', '1990-12-24'],
    ['24.12.1990', '1990-12-24'],
    ['5 3 2026', '2026-03-05'],
    ['5-3-2026', '2026-03-05'],
    ['24. 12. 1990', '1990-12-24'],
    ['1990-12-24', '1990-12-24'],
    ['01011901', '1901-01-01'],
  ])('%s → %s', (input, iso) => {
    expect(parseFinnishDate(input)).toBe(iso);
  });

  it.each([
    ['29.2.2025', 'not a leap year'],
    ['29.2.1900', 'century not divisible by 400'],
    ['31.4.2026', 'April has 30 days'],
    ['0.1.2026', 'day zero'],
    ['1.13.2026', 'month 13'],
    ['31.12.1900', 'before 1.1.1901'],
    ['1900-12-31', 'ISO before 1.1.1901'],
    ['2026-02-30', 'ISO, impossible'],
    ['31022026', 'digits, 31 February'],
    ['31121900', 'digits, before 1.1.1901'],
    ['5122026', 'seven digits'],
    ['241219900', 'nine digits'],
    ['24.12-1990x', 'trailing text'],
    ['24..12.1990', 'double separator'],
    ['5.3.26', 'two-digit year'],
    ['5/3/2026', 'slashes'],
    ['', 'empty'],
  ])('%s → null (%s)', (input) => {
    expect(parseFinnishDate(input)).toBeNull();
  });
});

describe('parseFinnishDate, typed forms (property)', () => {
  const day = fc.integer({ min: Date.UTC(1901, 0, 1), max: Date.UTC(9999, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));

  it('reads every real date the same in each typed form', () => {
    fc.assert(
      fc.property(day, fc.constantFrom('.', ' ', '-', ''), (iso, sep) => {
        const [y, m, d] = iso.split('-') as [string, string, string];
        expect(parseFinnishDate(`${d}${sep}${m}${sep}${y}`)).toBe(iso);
        expect(parseFinnishDate(iso)).toBe(iso);
      }),
    );
  });

  it('refuses impossible days in every form', () => {
    const bad = fc.record({ y: fc.integer({ min: 1901, max: 9999 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 99 }) }).filter(({ y, m, d }) => d > new Date(Date.UTC(y, m, 0)).getUTCDate());
    fc.assert(
      fc.property(bad, fc.constantFrom('.', ' ', '-', ''), ({ y, m, d }, sep) => {
        const pad = (n: number) => String(n).padStart(2, '0');
        expect(parseFinnishDate(`${pad(d)}${sep}${pad(m)}${sep}${String(y)}`)).toBeNull();
      }),
    );
  });
});

describe('formatFinnishDate', () => {
  it('drops leading zeros', () => {
    expect(formatFinnishDate('2026-03-05')).toBe('5.3.2026');
    expect(formatFinnishDate('1999-12-31')).toBe('31.12.1999');
  });

  it('throws RangeError for anything but a real ISO date', () => {
    expect(() => formatFinnishDate('2026-02-29')).toThrow(RangeError);
    expect(() => formatFinnishDate('5.3.2026')).toThrow(RangeError);
    expect(() => formatFinnishDate('2026-3-5')).toThrow(RangeError);
  });

  it('round-trips with parseFinnishDate (property)', () => {
    const day = fc
      .integer({ min: Date.UTC(1901, 0, 1), max: Date.UTC(9999, 11, 31) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    fc.assert(
      fc.property(day, (iso) => {
        expect(parseIsoDate(iso)).not.toBeNull();
        expect(parseFinnishDate(formatFinnishDate(iso))).toBe(iso);
      }),
    );
  });
});
