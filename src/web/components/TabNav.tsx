import { Box } from '@mantine/core';
import { NavLink } from 'react-router';
import classes from './tabNav.module.css';

export interface TabLink {
  to: string;
  label: string;
}

/** Links between sibling pages (settings, log); the current one is marked with aria-current. */
export function TabNav({ label, links }: { label: string; links: readonly TabLink[] }) {
  return (
    <Box component="nav" aria-label={label} mb="lg">
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
