import type { SessionUser } from '../../shared/schemas/session';
import { hasRole } from '../auth/roles';
import { appRoutes, type AppRoute, type NavSlot } from '../routes';

export type NavEntry = { path: AppRoute['path']; nav: NavSlot };

/** Menu entries the user may open, for registered pages only, in menu order. */
export function navEntries(user: Pick<SessionUser, 'board' | 'site_admin'>): NavEntry[] {
  return appRoutes
    .filter((route): route is AppRoute & { nav: NavSlot } => route.nav !== undefined && hasRole(user, route.role))
    .map(({ path, nav }) => ({ path, nav }))
    .sort((a, b) => a.nav.order - b.nav.order);
}
