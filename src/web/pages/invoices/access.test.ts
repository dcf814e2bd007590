import { describe, expect, it } from 'vitest';
import { canOpen } from '../../access';
import { navEntries } from '../../layout/navigation';
import { PATHS } from '../../paths';

// Invoices carry money and members' data and are sent as paid messages: site admins only.
describe('invoice pages', () => {
  const admin = { board: true, site_admin: true };
  const board = { board: true, site_admin: false };

  it('have a "Laskut" menu entry for site admins only', () => {
    expect(navEntries(admin).map((e) => e.nav.label)).toContain('nav.invoices');
    expect(navEntries(board).map((e) => e.nav.label)).not.toContain('nav.invoices');
  });

  it('open for site admins only', () => {
    for (const path of [PATHS.invoices, PATHS.invoiceNew, PATHS.invoiceAddRecipients, PATHS.invoice, PATHS.invoicePerson, PATHS.invoiceReminder]) {
      expect(canOpen(admin, path)).toBe(true);
      expect(canOpen(board, path)).toBe(false);
    }
  });
});
