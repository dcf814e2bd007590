import type { ReactNode } from 'react';
import { ForbiddenPage } from '../pages/errors/ForbiddenPage';
import { hasRole, type Role } from './roles';
import { useCurrentSession } from './SessionContext';

/** Renders the page only for users with `role`; others get the no-access page. */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { user } = useCurrentSession();
  return hasRole(user, role) ? children : <ForbiddenPage />;
}
