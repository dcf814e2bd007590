import type { SessionUser } from '../../shared/schemas/session';

// Spec §6 levels as the web sees them. The server enforces them; the web only
// hides what the user could not open anyway.
export type Role = 'member' | 'board' | 'site_admin';

export function hasRole(user: Pick<SessionUser, 'board' | 'site_admin'>, role: Role): boolean {
  switch (role) {
    case 'member':
      return true;
    case 'board':
      return user.board || user.site_admin;
    case 'site_admin':
      return user.site_admin;
  }
}
