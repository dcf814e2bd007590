import type { Member } from '../db/schema';
import { roleOf, type MemberRole } from '../../shared/members/roles';

/**
 * Who is looking at a reply, for presenters that show less to lesser roles:
 * site admins see configuration, the board sees the register, a member sees what the
 * self-edit form needs.
 */
export type Viewer = MemberRole;

export function viewerOf(me: Member): Viewer {
  return roleOf(me);
}
