// Whole numbers written as Intl.NumberFormat writes them in the UI's three languages, without
// it: a page's first Intl.NumberFormat costs 30–60 ms of Chromium's main thread (ICU's number
// formatting is set up anew in every page), and the member list's count and page sizes are on
// its first render. Anything else (fractions, other locales) goes to Intl, one formatter a locale.

/** Digit group separator and minus sign of each UI language (CLDR; fi and sv group from 1 000). */
const SIGNS = {
  fi: { group: '\u00a0', minus: '\u2212' },
  sv: { group: '\u00a0', minus: '\u2212' },
  en: { group: ',', minus: '-' },
} as const;

const isUiLanguage = (language: string): language is keyof typeof SIGNS => Object.hasOwn(SIGNS, language);

const intl = new Map<string, Intl.NumberFormat>();

/** `value` as `new Intl.NumberFormat(locale).format(value)` writes it. */
export function formatNumber(value: number, locale: string): string {
  const language = locale.split('-')[0] ?? '';
  if (!isUiLanguage(language) || !Number.isSafeInteger(value)) {
    let format = intl.get(locale);
    if (!format) intl.set(locale, (format = new Intl.NumberFormat(locale)));
    return format.format(value);
  }
  const { group, minus } = SIGNS[language];
  const digits = String(Math.abs(value));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let at = out.length; at < digits.length; at += 3) out += group + digits.slice(at, at + 3);
  return value < 0 || Object.is(value, -0) ? minus + out : out;
}
