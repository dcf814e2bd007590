import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PATHS } from '../../paths';
import classes from '../settings/settings.module.css';

/** Links between the log, its transactions and its receipts; the current one is marked with aria-current. */
export function LogMoneyNav() {
  const { t } = useTranslation();
  const links = [
    { to: PATHS.log, label: t('money.nav_log') },
    { to: PATHS.logTransactions, label: t('money.nav_transactions') },
    { to: PATHS.logReceipts, label: t('money.nav_receipts') },
  ];
  return (
    <Box component="nav" aria-label={t('money.nav_label')} mb="lg">
      <ul className={classes.tabs}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className={classes.tab}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </Box>
  );
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
