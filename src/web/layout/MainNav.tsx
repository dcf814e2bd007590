import { Box, type BoxProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavEntry } from './navigation';
import classes from './layout.module.css';

interface MainNavProps extends BoxProps {
  entries: NavEntry[];
  direction: 'row' | 'column';
  onNavigate?: () => void;
}

/** The main menu; NavLink marks the current page with aria-current="page". */
export function MainNav({ entries, direction, onNavigate, ...boxProps }: MainNavProps) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={t('layout.main_navigation')} {...boxProps}>
      <Box
        component="ul"
        style={{ display: 'flex', flexDirection: direction, gap: 4, listStyle: 'none', margin: 0, padding: 0 }}
      >
        {entries.map(({ path, nav }) => (
          <li key={path}>
            <NavLink to={path} end={path === '/'} className={classes.navLink} onClick={onNavigate}>
              {t(nav.label)}
            </NavLink>
          </li>
        ))}
      </Box>
    </Box>
  );
}
