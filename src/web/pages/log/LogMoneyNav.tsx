import { useTranslation } from 'react-i18next';
import { TabNav } from '../../components/TabNav';
import { PATHS } from '../../paths';

/** Links between the log, its transactions and its receipts. */
export function LogMoneyNav() {
  const { t } = useTranslation();
  const links = [
    { to: PATHS.log, label: t('money.nav_log') },
    { to: PATHS.logTransactions, label: t('money.nav_transactions') },
    { to: PATHS.logReceipts, label: t('money.nav_receipts') },
  ];
  return <TabNav label={t('money.nav_label')} links={links} />;
}

/** Texts of runtime codes (contexts, kinds, methods); the code itself when the catalogue has none. */
export function useCodeText() {
  const { i18n } = useTranslation();
  return (prefix: string, code: string | null): string => {
    if (code === null) return '–';
    const key = `${prefix}.${code}`;
    const translate = i18n.t as unknown as (key: string) => string;
    return i18n.exists(key) ? translate(key) : code;
  };
}
