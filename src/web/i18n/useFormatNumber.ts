import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from './numbers';

/** Whole numbers (counts) as the UI's language writes them: "1 234" in Finnish, "1,234" in English. */
export function useFormatNumber(): (value: number) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((value: number) => formatNumber(value, language), [language]);
}
