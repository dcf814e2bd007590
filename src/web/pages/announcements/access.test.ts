import { describe, expect, it } from 'vitest';
import { canOpen } from '../../access';
import { navEntries } from '../../layout/navigation';
import { PATHS } from '../../paths';

// Messaging costs money and reaches every member: the announcement and payment pages are site admins'.
describe('announcement pages', () => {
  const admin = { board: true, site_admin: true };
  const board = { board: true, site_admin: false };

  it('have a "Tiedotteet" menu entry for site admins only', () => {
    expect(navEntries(admin).map((e) => e.nav.label)).toContain('nav.announcements');
    expect(navEntries(board).map((e) => e.nav.label)).not.toContain('nav.announcements');
  });

  it('open for site admins only', () => {
    for (const path of [PATHS.announcements, PATHS.announcementNew, PATHS.announcement, PATHS.paymentMethod]) {
      expect(canOpen(admin, path)).toBe(true);
      expect(canOpen(board, path)).toBe(false);
    }
  });
});
