import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../members/historyFormat';

/** "5.3.2026 klo 14.05" in Helsinki time, for the money pages (no register model needed). */
export function useMoneyTime(): (at: string) => string {
  const { t } = useTranslation();
  return useCallback((at: string) => formatDateTime(at, t('log.klo')), [t]);
}
