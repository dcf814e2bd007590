import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../../shared/constants';
import fi from '../../shared/i18n/fi';
import { formatNumber } from './numbers';

// Finnish is the default and the fallback, and the only catalogue in the first load; sv and en
// (same keys, about 40 kB gzipped each) load when a user switches to them (switchLanguage).
// Keys are flat strings ('nav.members', server keys like 'login_failed'), so the
// key and namespace separators are off.
void i18n.use(initReactI18next).init({
  lng: 'fi',
  fallbackLng: 'fi',
  supportedLngs: [...LOCALES],
  resources: { fi: { translation: fi } },
  keySeparator: false,
  nsSeparator: false,
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already
});

// `{{count, number}}` (the catalogues' only format, without options): whole numbers are written
// without Intl.NumberFormat, whose set-up a first load would otherwise pay (numbers.ts).
i18n.services.formatter?.add('number', (value: unknown, lng: string | undefined) => formatNumber(Number(value), lng ?? 'fi'));

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

const LOADERS: Record<Exclude<Locale, 'fi'>, () => Promise<{ default: Record<string, string> }>> = {
  sv: () => import('../../shared/i18n/sv'),
  en: () => import('../../shared/i18n/en'),
};

let wanted: Locale = 'fi';
/**
 * Switches the UI language, loading its catalogue first when it is not there yet. The last
 * call wins: a slow catalogue that arrives after a newer switch does not undo it.
 */
export async function switchLanguage(locale: Locale): Promise<void> {
  wanted = locale;
  if (locale !== 'fi' && !i18n.hasResourceBundle(locale, 'translation')) {
    const { default: catalogue } = await LOADERS[locale]();
    i18n.addResourceBundle(locale, 'translation', catalogue);
  }
  if (wanted === locale && i18n.language !== locale) await i18n.changeLanguage(locale);
}

export default i18n;
