import { describe, expect, it } from 'vitest';
import { formatDateTime, historyValue } from './historyFormat';

const texts = { yes: 'Kyllä', no: 'Ei', empty: '–', klo: 'klo' };

describe('history texts', () => {
  it('shows times in Helsinki as d.M.yyyy klo H.mm, summer and winter', () => {
    expect(formatDateTime('2026-03-05T12:05:00.000Z', 'klo')).toBe('5.3.2026 klo 14.05');
    expect(formatDateTime('2026-07-01T21:30:00Z', 'klo')).toBe('2.7.2026 klo 0.30');
    expect(formatDateTime('nonsense', 'klo')).toBe('nonsense');
  });

  it('shows values: booleans, numbers, phones, dates, empty', () => {
    expect(historyValue('choir', true, texts)).toBe('Kyllä');
    expect(historyValue('active', false, texts)).toBe('Ei');
    expect(historyValue('fee', 12.5, texts)).toBe('12,5');
    expect(historyValue('phone', '+358401234567', texts)).toBe('040 123 4567');
    expect(historyValue('deleted_at', '2026-03-05T12:05:00.000Z', texts)).toBe('5.3.2026 klo 14.05');
    expect(historyValue('joined', '2020-01-31', texts)).toBe('31.1.2020');
    expect(historyValue('email', null, texts)).toBe('–');
    expect(historyValue('city', 'Turku', texts)).toBe('Turku');
  });

  it('shows a dropdown value as its label, an unknown one as stored', () => {
    const fieldOf = (name: string) =>
      name === 'jasenlaji' ? { type: 'dropdown' as const, options: [{ value: 'n', label: 'Nuori' }] } : name === 'maksettu' ? { type: 'checkbox' as const, options: [] } : undefined;
    expect(historyValue('maksettu', 1, texts, fieldOf)).toBe('Kyllä');
    expect(historyValue('maksettu', 0, texts, fieldOf)).toBe('Ei');
    expect(historyValue('jasenlaji', 'n', texts, fieldOf)).toBe('Nuori');
    expect(historyValue('jasenlaji', 'x', texts, fieldOf)).toBe('x');
    expect(historyValue('city', 'Turku', texts, fieldOf)).toBe('Turku');
  });
});
