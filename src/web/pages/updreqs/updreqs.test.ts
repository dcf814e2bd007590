import { describe, expect, it } from 'vitest';
import { canOpen } from '../../access';
import { navEntries } from '../../layout/navigation';
import { PATHS } from '../../paths';
import { emptyInstanceCounts } from '../../../shared/updreqs/status';
import { formatRate, instanceCounts } from './updreqLabels';

// Update requests are messages in the association's name that may cost money: site admins' pages.
describe('update request pages', () => {
  const admin = { board: true, site_admin: true };
  const board = { board: true, site_admin: false };

  it('have a "Päivityspyynnöt" menu entry for site admins only, after announcements', () => {
    const labels = navEntries(admin).map((e) => e.nav.label);
    expect(labels).toContain('nav.updreqs');
    expect(labels.indexOf('nav.updreqs')).toBe(labels.indexOf('nav.announcements') + 1);
    expect(navEntries(board).map((e) => e.nav.label)).not.toContain('nav.updreqs');
  });

  it('open for site admins only', () => {
    for (const path of [PATHS.updateRequests, PATHS.updateRequestNew, PATHS.updateRequest]) {
      expect(canOpen(admin, path)).toBe(true);
      expect(canOpen(board, path)).toBe(false);
    }
  });
});

describe('update request labels', () => {
  it('formats the response rate as Finnish per cent', () => {
    expect(formatRate(0)).toBe('0 %');
    expect(formatRate(33.3)).toBe('33,3 %');
    expect(formatRate(100)).toBe('100 %');
  });

  it('lists the statuses with counts in their order', () => {
    expect(instanceCounts({ ...emptyInstanceCounts(), updated: 2, pending: 1 })).toEqual([
      { status: 'pending', count: 1 },
      { status: 'updated', count: 2 },
    ]);
  });
});
