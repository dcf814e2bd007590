import { describe, expect, it } from 'vitest';
import { navEntries, navItems } from './navigation';

// The header row must stay one line at laptop widths: the message kinds share one entry.
describe('main menu items', () => {
  const admin = { board: true, site_admin: true };

  it('puts announcements, update requests and member cards under one "Viestit" entry, in place of the first', () => {
    const items = navItems(navEntries(admin, { eclaim: true }));
    const labels = items.map((i) => (i.kind === 'link' ? i.entry.nav.label : i.label));
    expect(labels).toEqual(['nav.members', 'nav.fields', 'nav.groups', 'nav.messages', 'nav.invoices', 'nav.expense_claims', 'nav.log', 'nav.settings']);
    const group = items.find((i) => i.kind === 'group');
    expect(group?.kind === 'group' && group.entries.map((e) => e.nav.label)).toEqual(['nav.announcements', 'nav.updreqs', 'nav.membercards']);
  });

  it('has no group for someone who may open none of its pages', () => {
    expect(navItems(navEntries({ board: true, site_admin: false })).some((i) => i.kind === 'group')).toBe(false);
  });
});

// A feature the association switches on in its settings (expense claims) has its menu entry only while it is on.
describe('menu entries of a feature', () => {
  const member = { board: false, site_admin: false };

  it('shows "Kulukorvaukset" to every member only while expense claims are on', () => {
    expect(navEntries(member).map((e) => e.nav.label)).not.toContain('nav.expense_claims');
    expect(navEntries(member, { eclaim: false }).map((e) => e.nav.label)).not.toContain('nav.expense_claims');
    expect(navEntries(member, { eclaim: true }).map((e) => e.nav.label)).toEqual(['nav.expense_claims']);
    expect(navEntries({ board: true, site_admin: true }, { eclaim: true }).map((e) => e.nav.label)).toContain('nav.expense_claims');
  });
});

