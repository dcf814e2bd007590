import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { SUGGESTION_REASONS } from '../../../shared/schemas/bank';
import fi from '../../../shared/i18n/fi';
import { canOpen } from '../../access';
import { PATHS } from '../../paths';
import { bankDay, formatLabel, reasonLabel } from './bankParts';

// The bank pages hold money and members' names: site admins only. The review shows each
// suggestion's reason in the words the issue gives.
describe('bank pages', () => {
  it('open for site admins only', () => {
    for (const path of [PATHS.invoicePayments, PATHS.mandate]) {
      expect(canOpen({ board: true, site_admin: true }, path)).toBe(true);
      expect(canOpen({ board: true, site_admin: false }, path)).toBe(false);
    }
  });

  it('name every suggestion reason in Finnish', () => {
    const t = ((key: keyof typeof fi) => fi[key]) as unknown as TFunction;
    expect(SUGGESTION_REASONS.map((r) => reasonLabel(t, r))).toEqual(['viitteessä kirjoitusvirhe', 'viesti mainitsee laskun', 'nimi ja summa täsmäävät']);
  });

  it('show statement days and formats as a Finn reads them', () => {
    expect(bankDay('2026-03-05')).toBe('5.3.2026');
    expect(bankDay('2026-03-05T10:00:00Z')).toBe('5.3.2026');
    expect(bankDay(null)).toBe('–');
    expect(formatLabel('camt054')).toBe('camt.054');
    expect(formatLabel('ktl')).toBe('KTL');
  });
});
