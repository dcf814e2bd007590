import { describe, expect, it } from 'vitest';
import { navEntries, navItems } from './navigation';

// The header row must stay one line at laptop widths: the message kinds share one entry.
describe('main menu items', () => {
  const admin = { board: true, site_admin: true };

  it('puts announcements, update requests and member cards under one "Viestit" entry, in place of the first', () => {
    const items = navItems(navEntries(admin));
    const labels = items.map((i) => (i.kind === 'link' ? i.entry.nav.label : i.label));
    expect(labels).toEqual(['nav.members', 'nav.fields', 'nav.groups', 'nav.messages', 'nav.invoices', 'nav.expense_claims', 'nav.log', 'nav.settings']);
    const group = items.find((i) => i.kind === 'group');
    expect(group?.kind === 'group' && group.entries.map((e) => e.nav.label)).toEqual(['nav.announcements', 'nav.updreqs', 'nav.membercards']);
  });

  it('has no group for someone who may open none of its pages', () => {
    expect(navItems(navEntries({ board: true, site_admin: false })).some((i) => i.kind === 'group')).toBe(false);
  });
});
