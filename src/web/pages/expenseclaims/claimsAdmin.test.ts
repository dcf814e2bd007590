import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/setup';
import { canOpen } from '../../access';
import { PATHS } from '../../paths';
import { batchDate, countAndSum, eventTitle, itemDetails, printoutHref, volunteerWarnings } from './claimsAdmin';

// The treasurer's expense claim pages: site admins only, and the texts they build.
describe('expense claims, the treasurer', () => {
  const t = i18n.getFixedT('fi');
  const base = { id: 1, date: '2026-03-05', description: '', amount_c: 0, receipt: null, location: null, vehicle: null, km: null, km_price_c: null, rate_year: null, rate_source: null, started_at: null, returned_at: null, per_diem_full: null, per_diem_partial: null };

  it("the treasurer's lists open for site admins only; the claims and a claim for every member (who sees their own)", () => {
    for (const path of [PATHS.expenseClaimArchive, PATHS.expenseClaimView]) {
      expect(canOpen({ board: true, site_admin: true }, path)).toBe(true);
      expect(canOpen({ board: true, site_admin: false }, path)).toBe(false);
    }
    for (const path of [PATHS.expenseClaims, PATHS.expenseClaim, PATHS.expenseClaimNew]) expect(canOpen({ board: false, site_admin: false }, path)).toBe(true);
  });

  it('an item says its route, vehicle, km × price or per diem days in Finnish', () => {
    expect(itemDetails(t, { ...base, type: 'km', location: 'Helsinki–Tampere', vehicle: 'Oma auto', km: '123.4', km_price_c: 55, description: 'Kokous' })).toBe(
      'Helsinki–Tampere, Oma auto · 123,4 km × 0,55\u00a0€/km · Kokous',
    );
    expect(itemDetails(t, { ...base, type: 'per_diem', location: 'Turku', started_at: '2026-03-05T08:00', returned_at: '2026-03-06T18:30', per_diem_full: 1, per_diem_partial: 1 })).toBe(
      'Turku · 5.3.2026 klo 08.00 – 6.3.2026 klo 18.30 · 1 kokopäiväraha, 1 osapäiväraha',
    );
    expect(itemDetails(t, { ...base, type: 'per_diem', location: 'Oulu', started_at: '2026-03-05T08:00', returned_at: '2026-03-07T20:00', per_diem_full: 3, per_diem_partial: null })).toContain('3 kokopäivärahaa');
    expect(itemDetails(t, { ...base, type: 'receipt', description: 'Kahvit' })).toBe('Kahvit');
  });

  it('totals per status as count and sum, a dash for none', () => {
    expect(countAndSum(t, { pending: 2 }, { pending: 3450 }, 'pending')).toBe('2 kpl · 34,50\u00a0€');
    expect(countAndSum(t, { pending: 2 }, { pending: 3450 }, 'accepted')).toBe('–');
  });

  it('the volunteer-year warning names what is exceeded against the dated limits', () => {
    expect(volunteerWarnings(t, null)).toEqual([]);
    expect(volunteerWarnings(t, { year: 2026, per_diem_days: 3, km_c: 1000, exceeded: [] })).toEqual([]);
    const w = volunteerWarnings(t, { year: 2026, per_diem_days: 22, km_c: 310_000, exceeded: ['per_diem_days', 'km_amount'] });
    expect(w[0]).toBe('Päivärahapäiviä vuonna 2026: 22 (yleishyödyllinen yhteisö voi maksaa verovapaasti enintään 20).');
    expect(w[1]).toBe('Kilometrikorvauksia vuonna 2026: 3\u00a0100,00\u00a0€ (verovapaasti enintään 3\u00a0000,00\u00a0€).');
  });

  it('printout links: a batch by its timestamp, a status with a cache-buster; the batch date', () => {
    expect(printoutHref(7, 'FI2112345600000785', 'paid', '20261120120000')).toBe('/claim_download_pdf/7/FI2112345600000785/paid/20261120120000');
    expect(printoutHref(7, 'FI2112345600000785', 'accepted', null, 1_700_000_000_000)).toBe('/claim_download_pdf/7/FI2112345600000785/accepted/1700000000');
    expect(batchDate('20261120120000')).toBe('20.11.2026');
  });

  it('history lines: a status change from and to, a comment', () => {
    const e = { id: 1, kind: 'status' as const, from_status: 'pending', to_status: 'rejected', comment: 'Kuitti puuttuu', author_name: 'Rahastonhoitaja', created_at: '2026-03-05T10:00:00Z' };
    expect(eventTitle(t, e)).toBe('Tila: Odottaa käsittelyä → Hylätty');
    expect(eventTitle(t, { ...e, kind: 'comment' })).toBe('Kommentti');
  });
});
