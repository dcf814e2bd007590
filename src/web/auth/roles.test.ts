import { describe, expect, it } from 'vitest';
import { hasRole } from './roles';

const member = { board: false, site_admin: false };
const board = { board: true, site_admin: false };
const admin = { board: false, site_admin: true };

describe('hasRole', () => {
  it('lets every signed-in user open member pages', () => {
    expect([member, board, admin].map((u) => hasRole(u, 'member'))).toEqual([true, true, true]);
  });

  it('counts site admins as board', () => {
    expect([member, board, admin].map((u) => hasRole(u, 'board'))).toEqual([false, true, true]);
  });

  it('keeps site admin pages to site admins', () => {
    expect([member, board, admin].map((u) => hasRole(u, 'site_admin'))).toEqual([false, false, true]);
  });
});
