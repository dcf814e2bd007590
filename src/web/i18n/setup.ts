import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../../shared/constants';
import { catalogues } from '../../shared/i18n';

// Finnish is the default and the fallback; sv and en carry the same keys.
// Keys are flat strings ('nav.members', server keys like 'login_failed'), so the
// key and namespace separators are off.
void i18n.use(initReactI18next).init({
  lng: 'fi',
  fallbackLng: 'fi',
  supportedLngs: [...LOCALES],
  resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: catalogues[l] }])),
  keySeparator: false,
  nsSeparator: false,
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes already
});

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

export default i18n;
