import { describe, expect, it } from 'vitest';
import { smsInfo, smsSanitize } from './sms';

describe('smsInfo', () => {
  it('counts basic characters, Finnish letters included, as one unit', () => {
    expect(smsInfo('Hyvää päivää, Åke! Ö ä å', 3)).toEqual({
      units: 24,
      parts: 1,
      unsupported: [],
      kind: 'single',
    });
  });

  it('counts the extension characters as two units', () => {
    const info = smsInfo('€[]{}\\^~|', 3);
    expect(info.units).toBe(18);
    expect(info.unsupported).toEqual([]);
  });

  it('fits 160 units in one part and 153 per part when split', () => {
    expect(smsInfo('a'.repeat(160), 3)).toMatchObject({ units: 160, parts: 1, kind: 'single' });
    expect(smsInfo('a'.repeat(161), 3)).toMatchObject({ units: 161, parts: 2, kind: 'multi' });
    expect(smsInfo('a'.repeat(306), 3)).toMatchObject({ parts: 2, kind: 'multi' });
    expect(smsInfo('a'.repeat(307), 3)).toMatchObject({ parts: 3, kind: 'multi' });
    expect(smsInfo('a'.repeat(459), 3)).toMatchObject({ parts: 3, kind: 'multi' });
    expect(smsInfo('a'.repeat(460), 3)).toMatchObject({ parts: 4, kind: 'too_long' });
    expect(smsInfo('€'.repeat(80), 3)).toMatchObject({ units: 160, parts: 1 });
    expect(smsInfo('€'.repeat(81), 3)).toMatchObject({ units: 162, parts: 2 });
  });

  it('never splits a two-unit character between parts', () => {
    // 306 units would fit two parts of 153, but the € cannot straddle the boundary.
    const text = `${'a'.repeat(152)}€${'a'.repeat(152)}`;
    expect(smsInfo(text, 5)).toMatchObject({ units: 306, parts: 3 });
  });

  it('classifies: single below 2 parts, multi up to the maximum, then too_long', () => {
    expect(smsInfo('', 3)).toMatchObject({ units: 0, parts: 0, kind: 'single' });
    expect(smsInfo('a'.repeat(200), 1)).toMatchObject({ parts: 2, kind: 'too_long' });
    expect(smsInfo('a'.repeat(200), 2)).toMatchObject({ parts: 2, kind: 'multi' });
  });

  it('lists unsupported characters once each, in order, counting them as one unit', () => {
    const info = smsInfo('Moi 😀 ça ç 😀 ’ok’ ą', 3);
    expect(info.unsupported).toEqual(['😀', 'ç', '’', 'ą']);
    expect(info.units).toBe(Array.from('Moi 😀 ça ç 😀 ’ok’ ą').length);
  });
});

describe('smsSanitize', () => {
  it('replaces unsupported characters with question marks', () => {
    expect(smsSanitize('Moi 😀 “lainaus” ja € ok')).toBe('Moi ? ?lainaus? ja € ok');
    expect(smsSanitize('ÄÖÅäöå')).toBe('ÄÖÅäöå');
  });
});
