// The role ladder: who may open what, lowest first. Each level includes the ones below
// it (a site admin is also board, the board are also members). The server's route guard
// and the web's page guard both read it; the server enforces, the web only hides.

export const ROLES = ['public', 'member', 'board', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** The levels of a signed-in person. */
export type MemberRole = Exclude<Role, 'public'>;

/** A member's rights as either side stores them: 0/1 in the database, booleans in the session reply. */
export interface RoleFlags {
  board: boolean | number;
  site_admin: boolean | number;
}

/** The highest level someone holds; `public` when nobody is signed in. */
export function roleOf(who: RoleFlags): MemberRole;
export function roleOf(who: RoleFlags | null): Role;
export function roleOf(who: RoleFlags | null): Role {
  if (who === null) return 'public';
  if (who.site_admin === true || who.site_admin === 1) return 'admin';
  return who.board === true || who.board === 1 ? 'board' : 'member';
}

/** Whether someone (null: not signed in) reaches `role` on the ladder. */
export function hasRole(who: RoleFlags | null, role: Role): boolean {
  return ROLES.indexOf(roleOf(who)) >= ROLES.indexOf(role);
}
