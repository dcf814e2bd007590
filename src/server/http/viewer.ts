import type { Member } from '../db/schema';

/**
 * Who is looking at a reply, for presenters that show less to lesser roles:
 * site admins see configuration, the board sees the register, a member sees what the
 * self-edit form needs.
 */
export type Viewer = 'admin' | 'board' | 'member';

export function viewerOf(me: Member): Viewer {
  if (me.site_admin === 1) return 'admin';
  return me.board === 1 ? 'board' : 'member';
}
