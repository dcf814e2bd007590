import { Box, UnstyledButton, type BoxProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { navItems, type NavEntry, type NavItem } from './navigation';
import classes from './layout.module.css';

interface MainNavProps extends BoxProps {
  entries: NavEntry[];
  direction: 'row' | 'column';
  onNavigate?: () => void;
}

type Group = Extract<NavItem, { kind: 'group' }>;

/**
 * A group in the header row: a disclosure button whose list of links opens below it (the
 * links stay links inside the navigation landmark). Escape, a click elsewhere, focus leaving
 * the group or a route change close it.
 */
function RowGroup({ group, onNavigate }: { group: Group; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const listId = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const current = group.entries.some((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return undefined;
    const away = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);

  return (
    <li
      ref={root}
      className={classes.navGroup}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <UnstyledButton
        ref={button}
        className={classes.navLink}
        data-current={current || undefined}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {t(group.label)}
        <IconChevronDown size={14} aria-hidden="true" style={{ marginLeft: 4, verticalAlign: 'middle' }} />
      </UnstyledButton>
      <ul id={listId} className={classes.navGroupList} hidden={!open}>
        {group.entries.map(({ path, nav }) => (
          <li key={path}>
            <NavLink to={path} className={classes.navLink} onClick={onNavigate}>
              {t(nav.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The main menu; NavLink marks the current page with aria-current="page". */
export function MainNav({ entries, direction, onNavigate, ...boxProps }: MainNavProps) {
  const { t } = useTranslation();
  const link = ({ path, nav }: NavEntry) => (
    <li key={path}>
      <NavLink to={path} end={path === '/'} className={classes.navLink} onClick={onNavigate}>
        {t(nav.label)}
      </NavLink>
    </li>
  );
  return (
    <Box component="nav" aria-label={t('layout.main_navigation')} {...boxProps}>
      <Box
        component="ul"
        style={{ display: 'flex', flexDirection: direction, gap: 4, listStyle: 'none', margin: 0, padding: 0 }}
      >
        {navItems(entries).map((item) => {
          if (item.kind === 'link') return link(item.entry);
          if (direction === 'row') return <RowGroup key={item.label} group={item} onNavigate={onNavigate} />;
          // In the side menu (phones) the group is a heading over its links, always open.
          const headingId = `nav-group-${item.label}`;
          return (
            <li key={item.label}>
              <span id={headingId} className={classes.navGroupHeading}>
                {t(item.label)}
              </span>
              <ul aria-labelledby={headingId} className={classes.navGroupColumn}>
                {item.entries.map(link)}
              </ul>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
