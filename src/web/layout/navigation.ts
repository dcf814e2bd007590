import type { SessionUser } from '../../shared/schemas/session';
import { featureOn, pageAccess, type EnabledFeatures, type NavSlot, type PageAccess } from '../access';
import { hasRole } from '../auth/roles';

export type NavEntry = { path: PageAccess['path']; nav: NavSlot };

/** Menu entries the user may open, for registered pages only and those of features that are on, in menu order. */
export function navEntries(user: Pick<SessionUser, 'board' | 'site_admin'>, features: EnabledFeatures = {}): NavEntry[] {
  return (pageAccess as readonly PageAccess[])
    .filter((page): page is PageAccess & { nav: NavSlot } => page.nav !== undefined && hasRole(user, page.role) && featureOn(page, features))
    .map(({ path, nav }) => ({ path, nav }))
    .sort((a, b) => a.nav.order - b.nav.order);
}

export type NavItem = { kind: 'link'; entry: NavEntry } | { kind: 'group'; label: NonNullable<NavSlot['group']>; entries: NavEntry[] };

/** Menu items: entries of one group become one item at the place of the group's first entry. */
export function navItems(entries: readonly NavEntry[]): NavItem[] {
  const items: NavItem[] = [];
  for (const entry of entries) {
    const group = entry.nav.group;
    if (!group) {
      items.push({ kind: 'link', entry });
      continue;
    }
    const existing = items.find((i): i is Extract<NavItem, { kind: 'group' }> => i.kind === 'group' && i.label === group);
    if (existing) existing.entries.push(entry);
    else items.push({ kind: 'group', label: group, entries: [entry] });
  }
  return items;
}
