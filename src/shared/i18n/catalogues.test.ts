import { describe, expect, it } from 'vitest';
import { LOCALES } from '../constants';
import { catalogues } from './index';

// The web falls back to Finnish for a missing key, which would silently mix
// languages; these checks keep sv and en complete and interpolation-compatible.

const placeholders = (text: string): string[] => [...text.matchAll(/\{\{\s*([^},\s]+)/g)].map((m) => m[1] ?? '').sort();

describe('i18n catalogues', () => {
  const fiKeys = Object.keys(catalogues.fi).sort();

  it.each(LOCALES)('%s has exactly the Finnish key set', (locale) => {
    expect(Object.keys(catalogues[locale]).sort()).toEqual(fiKeys);
  });

  it.each(LOCALES)('%s uses the same interpolation variables as Finnish', (locale) => {
    for (const key of fiKeys) {
      const k = key as keyof typeof catalogues.fi;
      expect({ key, vars: placeholders(catalogues[locale][k]) }).toEqual({ key, vars: placeholders(catalogues.fi[k]) });
    }
  });

  // The web writes `number` itself (src/web/i18n/numbers.ts), without format options.
  it.each(LOCALES)('%s formats values with a plain number format only', (locale) => {
    for (const [key, text] of Object.entries(catalogues[locale])) {
      for (const [, format] of text.matchAll(/\{\{[^},]+,([^}]*)\}\}/g)) expect({ key, format: format?.trim() }).toEqual({ key, format: 'number' });
    }
  });

  it.each(LOCALES)('%s has no empty texts', (locale) => {
    for (const [key, text] of Object.entries(catalogues[locale])) {
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
    }
  });
});
