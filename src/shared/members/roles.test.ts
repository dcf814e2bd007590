import { describe, expect, it } from 'vitest';
import { hasRole, roleOf, ROLES } from './roles';

const member = { board: false, site_admin: false };
const board = { board: true, site_admin: false };
const admin = { board: false, site_admin: true };
const adminRow = { board: 0, site_admin: 1 };

describe('role ladder', () => {
  it('names the highest level held, from session booleans or database 0/1', () => {
    expect([null, member, board, admin, adminRow, { board: 1, site_admin: 0 }].map(roleOf)).toEqual(['public', 'member', 'board', 'admin', 'admin', 'board']);
  });

  it('lets everyone through public, every signed-in person through member', () => {
    expect([null, member, board, admin].map((u) => hasRole(u, 'public'))).toEqual([true, true, true, true]);
    expect([null, member, board, admin].map((u) => hasRole(u, 'member'))).toEqual([false, true, true, true]);
  });

  it('counts site admins as board, and keeps admin to site admins', () => {
    expect([null, member, board, admin].map((u) => hasRole(u, 'board'))).toEqual([false, false, true, true]);
    expect([null, member, board, admin, adminRow].map((u) => hasRole(u, 'admin'))).toEqual([false, false, false, true, true]);
  });

  it('is ordered lowest first', () => {
    expect(ROLES).toEqual(['public', 'member', 'board', 'admin']);
  });
});
