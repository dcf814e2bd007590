import { describe, expect, it } from 'vitest';
import { isValidPostalCode, letterUnsupportedChars } from './letter';

describe('letterUnsupportedChars', () => {
  it('allows Latin-1 and the typographic extras', () => {
    expect(letterUnsupportedChars('Hyvä jäsen, Åke Öhman! ½ © ß é ø\n\ttervein')).toEqual([]);
    expect(letterUnsupportedChars('€ – — ‘ ’ “ ” „ … •')).toEqual([]);
    expect(letterUnsupportedChars('1\u00a0000 €\r\n')).toEqual([]);
  });

  it('lists other characters once each, in order', () => {
    expect(letterUnsupportedChars('Cześć 😀 Ω ś 😀 ≠')).toEqual(['ś', 'ć', '😀', 'Ω', '≠']);
  });

  it('rejects control characters although Latin-1 contains them', () => {
    expect(letterUnsupportedChars('a\u0007b\u0085c\u007f')).toEqual(['\u0007', '\u0085', '\u007f']);
  });
});

describe('isValidPostalCode', () => {
  it('accepts exactly five digits', () => {
    expect(isValidPostalCode('00100')).toBe(true);
    expect(isValidPostalCode('99999')).toBe(true);
    expect(isValidPostalCode('0010')).toBe(false);
    expect(isValidPostalCode('001000')).toBe(false);
    expect(isValidPostalCode('00 100')).toBe(false);
    expect(isValidPostalCode('FI-00100')).toBe(false);
    expect(isValidPostalCode('')).toBe(false);
  });
});
