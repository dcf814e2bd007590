import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { convertValue, parseFieldValue, valueToText, hasFourByteChars, parseDecimalText } from './values';
import type { FieldShape } from './values';
import type { FieldType } from './types';

const f = (type: FieldType, extra: Partial<FieldShape> = {}): FieldShape => ({ type, maxlength: 255, options: [], params: {}, ...extra });

describe('parseFieldValue', () => {
  it('treats empty input as an empty value for every type', () => {
    for (const t of ['text', 'integer', 'decimal', 'date', 'checkbox', 'dropdown', 'email'] as FieldType[]) {
      expect(parseFieldValue(f(t), '  ')).toEqual({ ok: true, value: { text: null, num: null } });
      expect(parseFieldValue(f(t), null)).toEqual({ ok: true, value: { text: null, num: null } });
    }
  });

  it('checks text length and 4-byte characters', () => {
    expect(parseFieldValue(f('text', { maxlength: 5 }), 'abcdef')).toEqual({ ok: false, key: '_validation_too_long' });
    expect(parseFieldValue(f('text'), 'hei 😀')).toEqual({ ok: false, key: '_validation_unsupported_characters' });
    expect(parseFieldValue(f('text'), '  Äänekoski  ')).toEqual({ ok: true, value: { text: 'Äänekoski', num: null } });
    expect(parseFieldValue(f('textarea'), 'rivi 1\nrivi 2\n')).toEqual({ ok: true, value: { text: 'rivi 1\nrivi 2\n', num: null } });
    expect(hasFourByteChars('€ä')).toBe(false);
  });

  it('parses integers with bounds', () => {
    expect(parseFieldValue(f('integer'), '1 234')).toEqual({ ok: true, value: { text: null, num: 1234 } });
    expect(parseFieldValue(f('integer'), -5)).toEqual({ ok: true, value: { text: null, num: -5 } });
    expect(parseFieldValue(f('integer'), '12,5')).toEqual({ ok: false, key: '_validation_integer_invalid' });
    expect(parseFieldValue(f('integer'), '99999999999')).toEqual({ ok: false, key: '_validation_integer_too_large' });
    expect(parseFieldValue(f('integer'), '-99999999999')).toEqual({ ok: false, key: '_validation_integer_too_small' });
    expect(parseFieldValue(f('integer', { params: { min: 1900, max: 2100 } }), '1850')).toEqual({ ok: false, key: 'value_too_small' });
    expect(parseFieldValue(f('integer', { params: { min: 1900, max: 2100 } }), '2200')).toEqual({ ok: false, key: 'value_too_large' });
  });

  it('parses decimals with comma or point', () => {
    expect(parseFieldValue(f('decimal'), '12,5')).toEqual({ ok: true, value: { text: null, num: 12.5 } });
    expect(parseFieldValue(f('decimal'), '-0.25')).toEqual({ ok: true, value: { text: null, num: -0.25 } });
    expect(parseFieldValue(f('decimal'), '1,234')).toEqual({ ok: false, key: '_validation_decimal_invalid' });
    expect(parseFieldValue(f('decimal', { params: { decimals: 3 } }), '1,234')).toEqual({ ok: true, value: { text: null, num: 1.234 } });
    expect(parseFieldValue(f('decimal'), 'kaksi')).toEqual({ ok: false, key: '_validation_decimal_invalid' });
    expect(parseFieldValue(f('decimal'), '1234567890123,5')).toEqual({ ok: false, key: '_validation_decimal_invalid' });
    expect(parseDecimalText('−3,5')).toBe(-3.5);
  });

  it('parses dates in ISO or Finnish form, not before 1.1.1901', () => {
    expect(parseFieldValue(f('date'), '5.3.2026')).toEqual({ ok: true, value: { text: '2026-03-05', num: null } });
    expect(parseFieldValue(f('date'), '2026-03-05')).toEqual({ ok: true, value: { text: '2026-03-05', num: null } });
    expect(parseFieldValue(f('date'), '31.12.1900')).toEqual({ ok: false, key: '_validation_date_invalid' });
    expect(parseFieldValue(f('date'), '1900-12-31')).toEqual({ ok: false, key: '_validation_date_invalid' });
    expect(parseFieldValue(f('date'), '30.2.2024')).toEqual({ ok: false, key: '_validation_date_invalid' });
  });

  it('parses dates typed on a phone number pad', () => {
    for (const typed of ['24121990', '24 12 1990', '24-12-1990', '24.12.1990', '1990-12-24']) {
      expect(parseFieldValue(f('date'), typed)).toEqual({ ok: true, value: { text: '1990-12-24', num: null } });
    }
    expect(parseFieldValue(f('date'), '31022026')).toEqual({ ok: false, key: '_validation_date_invalid' });
    expect(parseFieldValue(f('date'), '31121900')).toEqual({ ok: false, key: '_validation_date_invalid' });
  });

  it('checks dropdown choices, emails, checkboxes and passwords', () => {
    const dd = f('dropdown', { options: [{ value: 'a', label: 'Aikuinen' }] });
    expect(parseFieldValue(dd, 'a')).toEqual({ ok: true, value: { text: 'a', num: null } });
    expect(parseFieldValue(dd, 'b')).toEqual({ ok: false, key: '_validation_invalid_choice' });
    expect(parseFieldValue(f('email'), ' Matti@Example.FI ')).toEqual({ ok: true, value: { text: 'matti@example.fi', num: null } });
    expect(parseFieldValue(f('email'), 'matti@')).toEqual({ ok: false, key: '_validation_invalid_email' });
    expect(parseFieldValue(f('checkbox'), true)).toEqual({ ok: true, value: { text: null, num: 1 } });
    expect(parseFieldValue(f('checkbox'), false)).toEqual({ ok: true, value: { text: null, num: null } });
    expect(parseFieldValue(f('checkbox'), 'kyllä')).toEqual({ ok: false, key: '_validation_invalid' });
    expect(parseFieldValue(f('password'), 'lyhyt')).toEqual({ ok: false, key: 'insufficient_password_strength' });
    expect(parseFieldValue(f('password'), 'pitkä-salasana-1')).toMatchObject({ ok: true });
    expect(parseFieldValue(f('heading'), 'x')).toEqual({ ok: false, key: '_validation_invalid' });
    expect(parseFieldValue(f('text'), { x: 1 })).toEqual({ ok: false, key: '_validation_invalid' });
  });
});

describe('valueToText and convertValue', () => {
  it('round-trips every valid typed value through its text form', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), (n) => {
        const r = parseFieldValue(f('integer'), valueToText('integer', { text: null, num: n }));
        expect(r).toEqual({ ok: true, value: { text: null, num: n } });
        const cents = n / 100;
        const d = parseFieldValue(f('decimal'), valueToText('decimal', { text: null, num: cents }));
        expect(d).toEqual({ ok: true, value: { text: null, num: cents } });
      }),
    );
  });

  it('converts when the value fits the new type and refuses otherwise', () => {
    expect(convertValue(f('text'), f('integer'), { text: '42', num: null })).toEqual({ text: null, num: 42 });
    expect(convertValue(f('text'), f('integer'), { text: 'neljä', num: null })).toBeNull();
    expect(convertValue(f('integer'), f('decimal'), { text: null, num: 3 })).toEqual({ text: null, num: 3 });
    expect(convertValue(f('decimal'), f('integer'), { text: null, num: 3.5 })).toBeNull();
    expect(convertValue(f('decimal'), f('text'), { text: null, num: 3.5 })).toEqual({ text: '3,5', num: null });
    expect(convertValue(f('date'), f('text'), { text: '2026-03-05', num: null })).toEqual({ text: '5.3.2026', num: null });
    expect(convertValue(f('text'), f('date'), { text: '5.3.2026', num: null })).toEqual({ text: '2026-03-05', num: null });
    expect(convertValue(f('checkbox'), f('integer'), { text: null, num: 1 })).toEqual({ text: null, num: 1 });
    expect(convertValue(f('password'), f('text'), { text: '$argon2id$...', num: null })).toBeNull();
    expect(convertValue(f('text'), f('heading'), { text: 'x', num: null })).toBeNull();
    expect(convertValue(f('text'), f('heading'), { text: null, num: null })).toEqual({ text: null, num: null });
  });
});
