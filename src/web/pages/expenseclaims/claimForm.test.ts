import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ExpenseClaimReply } from '../../../shared/schemas/expenseclaims';
import i18n from '../../i18n/setup';
import {
  draftFromReply,
  draftKey,
  emptyDraft,
  emptyItem,
  fieldOrder,
  itemCents,
  kmPreview,
  localErrors,
  parseTime,
  perDiemPreview,
  saveBody,
  totalCents,
  type ClaimDraft,
  type ItemDraft,
} from './claimForm';
import { perDiemText, volunteerWarning } from './claimTexts';

const t = i18n.t.bind(i18n) as unknown as TFunction;
const TODAY = '2026-11-25';
const IBAN = 'FI21 1234 5600 0007 85';

const item = (type: ItemDraft['type'], patch: Partial<ItemDraft>): ItemDraft => ({ ...emptyItem(type), ...patch });
const receipt = (patch: Partial<ItemDraft> = {}) =>
  item('receipt', { date: '3.11.2026', amount: '12,50', description: 'Kahvit', receipt: { id: 7, url: '/r/7', mime: 'image/jpeg', filename: 'kuitti.jpg' }, ...patch });
const km = (patch: Partial<ItemDraft> = {}) => item('km', { date: '4.11.2026', location: 'Helsinki–Tampere', vehicle: 'oma auto', km: '123,4', ...patch });
const perDiem = (patch: Partial<ItemDraft> = {}) =>
  item('per_diem', { start_date: '5.11.2026', start_time: '8.30', return_date: '6.11.2026', return_time: '12.00', location: 'Tampere', ...patch });
const draft = (items: ItemDraft[]): ClaimDraft => ({ description: 'Syyskokous', account_number: IBAN, items });

describe('the km amount shown as the member types', () => {
  it('is kilometres with a decimal comma times the car rate of the travel date, rounded to cents', () => {
    // 2026: 0,55 €/km → 123,4 × 55 = 6 787 cents.
    expect(kmPreview(km())).toMatchObject({ cents: 6787, unitCents: 55, year: 2026 });
    expect(kmPreview(km())?.source).toContain('vuonna 2026');
  });

  it('takes the rate of the year the trip was made in, at the year change', () => {
    // 2025: 0,59 €/km → 123,4 × 59 = 7 280,6 → 7 281 cents.
    expect(kmPreview(km({ date: '31.12.2025' }))).toMatchObject({ cents: 7281, unitCents: 59, year: 2025 });
    expect(kmPreview(km({ date: '1.1.2026' }))).toMatchObject({ cents: 6787, unitCents: 55, year: 2026 });
  });

  it('waits until both the date and the kilometres can be read, and knows no rate before 2022', () => {
    expect(kmPreview(km({ km: '12,3,4' }))).toBeNull();
    expect(kmPreview(km({ km: '0' }))).toBeNull();
    expect(kmPreview(km({ date: '31.2.2026' }))).toBeNull();
    expect(kmPreview(km({ date: '31.12.2021' }))).toBeNull();
  });
});

describe('the per diem shown as the member types', () => {
  it('gives a full and a partial per diem for a trip of 27.5 hours, at the year\'s rates', () => {
    const result = perDiemPreview(perDiem());
    expect(result).toMatchObject({ full: 1, partial: 1, cents: 5400 + 2500 });
    expect(perDiemText(t, result!)).toBe('1 kokopäiväraha, 1 osapäiväraha: 79,00\u00a0€');
  });

  it('says a trip of exactly 6 hours earns nothing, and one just over earns a partial per diem', () => {
    const six = perDiemPreview(perDiem({ return_date: '5.11.2026', return_time: '14.30' }));
    expect(six?.days).toEqual([]);
    expect(perDiemText(t, six!)).toBe('6 tuntia tai alle: ei päivärahaa');
    expect(perDiemPreview(perDiem({ return_date: '5.11.2026', return_time: '14.31' }))).toMatchObject({ partial: 1, cents: 2500 });
  });

  it('counts two full days in the plural', () => {
    expect(perDiemText(t, perDiemPreview(perDiem({ return_date: '7.11.2026', return_time: '8.30' }))!)).toBe('2 kokopäivärahaa: 108,00\u00a0€');
  });

  it('shows nothing until the return is after the departure', () => {
    expect(perDiemPreview(perDiem({ return_date: '5.11.2026', return_time: '8.30' }))).toBeNull();
    expect(perDiemPreview(perDiem({ start_time: '25.00' }))).toBeNull();
  });
});

describe('the claim form model', () => {
  it('reads times as typed', () => {
    expect(parseTime('8.30')).toBe('08:30');
    expect(parseTime('14:05')).toBe('14:05');
    expect(parseTime('9')).toBe('09:00');
    expect(parseTime('24.00')).toBeNull();
    expect(parseTime('8.3')).toBeNull();
  });

  it('adds up the running total from the amounts that can be read', () => {
    const d = draft([receipt(), km(), perDiem(), receipt({ amount: 'abc' })]);
    expect(itemCents(d.items[3]!)).toBeNull();
    expect(totalCents(d)).toBe(1250 + 6787 + 7900);
  });

  it('sends amounts and kilometres as typed, dates in ISO, the IBAN compact and the receipt by id', () => {
    const body = saveBody(draft([receipt(), km(), perDiem()]), null);
    expect(body).toEqual({
      description: 'Syyskokous',
      account_number: 'FI2112345600000785',
      items: [
        { type: 'receipt', date: '2026-11-03', amount: '12,50', description: 'Kahvit', receipt_id: 7 },
        { type: 'km', date: '2026-11-04', location: 'Helsinki–Tampere', vehicle: 'oma auto', km: '123,4', description: '' },
        { type: 'per_diem', started_at: '2026-11-05T08:30', returned_at: '2026-11-06T12:00', location: 'Tampere', description: '' },
      ],
    });
    expect(saveBody(draft([receipt()]), 12).id).toBe(12);
  });

  it('checks before saving what the server would refuse, keyed as the server keys item errors', () => {
    expect(localErrors(draft([receipt(), km(), perDiem()]), TODAY)).toEqual({});
    expect(localErrors({ description: '', account_number: 'FI21 1234 5600 0007 86', items: [] }, TODAY)).toEqual({
      description: '_validation_field_required',
      account_number: 'settings_iban_invalid_checksum',
      items: 'expense_items_required',
    });
    expect(
      localErrors(
        draft([
          receipt({ receipt: null, amount: '0', date: '26.11.2026' }),
          km({ km: 'paljon', location: '' }),
          perDiem({ return_date: '5.11.2026', return_time: '13.00' }),
          perDiem({ return_date: '4.11.2026' }),
        ]),
        TODAY,
      ),
    ).toEqual({
      'items.0.date': 'expense_date_in_future',
      'items.0.amount': 'expense_invalid_amount',
      'items.0.receipt_id': 'expense_receipt_required',
      'items.1.location': '_validation_field_required',
      'items.1.km': 'expense_invalid_km',
      'items.2.returned_at': 'expense_per_diem_too_short',
      'items.3.returned_at': 'expense_return_before_departure',
    });
  });

  it('lists the fields in screen order, so the first error gets focus', () => {
    expect(fieldOrder(draft([km(), receipt()]))).toEqual([
      'description',
      'account_number',
      'items',
      'items.0.date',
      'items.0.location',
      'items.0.vehicle',
      'items.0.km',
      'items.0.description',
      'items.1.date',
      'items.1.amount',
      'items.1.description',
      'items.1.receipt_id',
    ]);
  });

  it('prefills the account grouped from the last claim', () => {
    expect(emptyDraft('FI2112345600000785').account_number).toBe(IBAN);
    expect(emptyDraft(null).account_number).toBe('');
  });

  it('loads a saved claim back into the form as it was typed, unchanged', () => {
    const base = { amount_c: 0, receipt: null, location: null, vehicle: null, km: null, km_price_c: null, rate_year: null, rate_source: null, started_at: null, returned_at: null, per_diem_full: null, per_diem_partial: null };
    const reply = {
      id: 3,
      description: 'Syyskokous',
      person_account_number: 'FI2112345600000785',
      items: [
        { ...base, id: 1, type: 'receipt', date: '2026-11-03', description: 'Kahvit', amount_c: 1250, receipt: { id: 7, url: '/r/7', mime: 'image/jpeg', pages: null } },
        { ...base, id: 2, type: 'km', date: '2026-11-04', description: '', amount_c: 6787, location: 'Helsinki–Tampere', vehicle: 'oma auto', km: '123.4', km_price_c: 55 },
        { ...base, id: 3, type: 'per_diem', date: '2026-11-05', description: '', amount_c: 7900, location: 'Tampere', started_at: '2026-11-05T08:30', returned_at: '2026-11-06T12:00' },
      ],
    } as unknown as ExpenseClaimReply;
    const loaded = draftFromReply(reply);
    const typed = draft([receipt({ receipt: { id: 7, url: '/r/7', mime: 'image/jpeg', filename: '' } }), km(), perDiem()]);
    expect(draftKey(loaded)).toBe(draftKey(typed));
    expect(saveBody(loaded, 3)).toEqual(saveBody(typed, 3));
  });
});

describe('the volunteer-year warning', () => {
  it('names each limit the year goes over and the law', () => {
    expect(volunteerWarning(t, { year: 2026, per_diem_days: 22, km_c: 100, exceeded: ['per_diem_days'] })).toBe(
      'Vuoden verottomat rajat ylittyvät: päivärahoja 22 päivää vuonna 2026 (raja 20 päivää). Ylittävä osa on veronalaista tuloa (Tuloverolaki 71 § 4 mom.).',
    );
    expect(volunteerWarning(t, { year: 2026, per_diem_days: 2, km_c: 312_000, exceeded: ['km_amount'] })).toContain('kilometrikorvauksia 3\u00a0120,00\u00a0€ vuonna 2026 (raja 3\u00a0000,00\u00a0€)');
    expect(volunteerWarning(t, { year: 2026, per_diem_days: 2, km_c: 0, exceeded: [] })).toBeNull();
    expect(volunteerWarning(t, null)).toBeNull();
  });
});
