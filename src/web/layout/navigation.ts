import type { SessionUser } from '../../shared/schemas/session';
import { pageAccess, type NavSlot, type PageAccess } from '../access';
import { hasRole } from '../auth/roles';

export type NavEntry = { path: PageAccess['path']; nav: NavSlot };

/** Menu entries the user may open, for registered pages only, in menu order. */
export function navEntries(user: Pick<SessionUser, 'board' | 'site_admin'>): NavEntry[] {
  return (pageAccess as readonly PageAccess[])
    .filter((page): page is PageAccess & { nav: NavSlot } => page.nav !== undefined && hasRole(user, page.role))
    .map(({ path, nav }) => ({ path, nav }))
    .sort((a, b) => a.nav.order - b.nav.order);
}
