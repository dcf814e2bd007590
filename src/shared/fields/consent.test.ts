import { describe, expect, it } from 'vitest';
import { CONSENT_GIVEN, parseConsent, resolveConsent } from './consent';
import { convertValue, parseFieldValue, valueToText } from './values';
import type { FieldShape } from './values';

const consent: FieldShape = { type: 'consent', maxlength: 255, options: [], params: {} };
const today = '2026-03-06';

describe('consent values', () => {
  it('reads yes as "given now", to be dated by the server', () => {
    for (const yes of [true, 1, 'true', '1', 'Kyllä', 'kylla', 'x', 'X', ' k ', 'yes']) {
      expect(parseFieldValue(consent, yes, { today }), String(yes)).toEqual({ ok: true, value: CONSENT_GIVEN });
    }
  });

  it('reads no and empty as not given', () => {
    for (const no of [false, 0, '0', 'false', 'Ei', 'e', 'no', '', '  ', null, undefined]) {
      expect(parseFieldValue(consent, no, { today }), String(no)).toEqual({ ok: true, value: { text: null, num: null } });
    }
  });

  it('reads a date given in ISO or the Finnish way, up to today', () => {
    expect(parseFieldValue(consent, '1.2.2026', { today })).toEqual({ ok: true, value: { text: '2026-02-01', num: null } });
    expect(parseFieldValue(consent, '2026-03-06', { today })).toEqual({ ok: true, value: { text: '2026-03-06', num: null } });
    expect(parseFieldValue(consent, '06032026', { today })).toEqual({ ok: true, value: { text: '2026-03-06', num: null } });
    expect(parseFieldValue(consent, '7.3.2026', { today })).toEqual({ ok: false, key: 'consent_date_in_future' });
    // Without today (the browser's check) only the format is judged; the server refuses the future.
    expect(parseFieldValue(consent, '7.3.2026')).toEqual({ ok: true, value: { text: '2026-03-07', num: null } });
  });

  it('refuses what is neither a yes/no nor a real date', () => {
    for (const bad of ['maybe', '31.2.2026', '1.1.1900', { x: 1 }, 2]) {
      expect(parseConsent(bad, today).ok, JSON.stringify(bad)).toBe(false);
    }
    expect(parseFieldValue(consent, 'maybe')).toEqual({ ok: false, key: '_validation_date_invalid' });
  });

  it('dates a consent given now: today, or the date of a consent already given', () => {
    expect(resolveConsent(CONSENT_GIVEN, undefined, today)).toEqual({ text: today, num: null });
    expect(resolveConsent(CONSENT_GIVEN, { text: null, num: null }, today)).toEqual({ text: today, num: null });
    expect(resolveConsent(CONSENT_GIVEN, { text: '2025-05-01', num: null }, today)).toEqual({ text: '2025-05-01', num: null });
    // An explicit date and a withdrawal are what was asked for.
    expect(resolveConsent({ text: '2026-01-02', num: null }, { text: '2025-05-01', num: null }, today)).toEqual({ text: '2026-01-02', num: null });
    expect(resolveConsent({ text: null, num: null }, { text: '2025-05-01', num: null }, today)).toEqual({ text: null, num: null });
  });

  it('shows the date d.M.yyyy, and converts only from dated values', () => {
    expect(valueToText('consent', { text: '2026-03-06', num: null })).toBe('6.3.2026');
    expect(valueToText('consent', { text: null, num: null })).toBe('');
    expect(valueToText('consent', CONSENT_GIVEN)).toBe('Kyllä');
    const date: FieldShape = { ...consent, type: 'date' };
    const checkbox: FieldShape = { ...consent, type: 'checkbox' };
    expect(convertValue(date, consent, { text: '2020-01-01', num: null })).toEqual({ text: '2020-01-01', num: null });
    expect(convertValue(consent, date, { text: '2020-01-01', num: null })).toEqual({ text: '2020-01-01', num: null });
    // A ticked checkbox says nothing of when: such a change of type is refused.
    expect(convertValue(checkbox, consent, { text: null, num: 1 })).toBeNull();
  });
});
