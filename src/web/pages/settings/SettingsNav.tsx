import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PATHS } from '../../paths';
import classes from './settings.module.css';

/** Links between the settings pages; the current one is marked with aria-current. */
export function SettingsNav() {
  const { t } = useTranslation();
  const links = [
    { to: PATHS.settings, label: t('settings.nav_organisation') },
    { to: PATHS.settingsEclaim, label: t('settings.nav_eclaim') },
    { to: PATHS.security, label: t('settings.nav_security') },
  ];
  return (
    <Box component="nav" aria-label={t('settings.nav_label')} mb="lg">
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
