import type { Locale } from '../constants';
import en from './en';
import fi from './fi';
import type { MessageKey } from './fi';
import sv from './sv';

// All UI catalogues by locale. Finnish is the source; the others translate its keys.
export const catalogues: Record<Locale, Record<MessageKey, string>> = { fi, sv, en };
export type { MessageKey };
