import type fi from '../../shared/i18n/fi';

// Type-checks every t('…') key against the Finnish source catalogue.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof fi };
    keySeparator: false;
    nsSeparator: false;
  }
}
