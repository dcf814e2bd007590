import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { iso } from '../../lib/clock';
import { NotFound, ValidationError } from '../../lib/errors';
import { isCleanablePeriod } from '../../../shared/finnish/accounting';
import type { CleanAccountingReply } from '../../../shared/schemas/retention';
import { act } from '../log/act';
import { helsinkiDayStart } from '../log/helsinki';
import { eraseDeliveryFiles } from '../members/erase-files';
import { compactSqlite } from '../members/erase-repo';
import { helsinkiDate } from '../receipts/dates';
import { countPeriod, deletePeriod, deliveriesOfPeriod, type Period } from './clean-repo';
import { openPseudonym } from './pseudonymise';
import { findPseudonym } from './pseudonym-repo';

// clean_accounting_data: the accounting data of whole years past the six-year retention
// (src/shared/finnish/accounting.ts) is deleted in one transaction, its files after the
// commit. A dry run answers the same counts, for the confirmation.

export async function cleanAccountingData(deps: Deps, tenant: Tenant, me: Member, period: number, dryRun: boolean): Promise<CleanAccountingReply> {
  const year = Number(helsinkiDate(iso(deps.clock.now())).slice(0, 4));
  if (!isCleanablePeriod(period, year)) throw ValidationError.field('period', 'settings_clean_period_not_allowed');
  const p: Period = { tenantId: tenant.id, lastDay: `${String(period)}-12-31`, endInstant: helsinkiDayStart(`${String(period + 1)}-01-01`) };
  if (dryRun) return { period, dry_run: true, counts: await countPeriod(deps.db, p) };
  const { counts, deliveries } = await act(deps, tenant, me, 'accounting_data_cleaned', async (trx, line) => {
    const counts = await countPeriod(trx, p);
    const deliveries = await deliveriesOfPeriod(trx, p);
    await deletePeriod(trx, p);
    line.context = 'settings';
    line.data = [{ field: 'period', new: period }, ...Object.entries(counts).map(([field, n]) => ({ field, new: n }))];
    return { counts, deliveries };
  });
  // Letters and SMS request files of the deleted invoices' deliveries.
  try {
    await eraseDeliveryFiles(deps, deliveries);
    await compactSqlite(deps.db, deps.dialect);
  } catch (e) {
    console.warn(`[kirjanpitoaineisto] tiedostot: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { period, dry_run: false, counts };
}

/** Who a pseudonym stood for, to a site admin; the reveal is logged (the pseudonym, not the identity). */
export async function revealPseudonym(deps: Deps, tenant: Tenant, me: Member, pseudonym: string) {
  const row = await findPseudonym(deps.db, tenant.id, pseudonym);
  if (!row) throw new NotFound();
  const identity = await openPseudonym(deps, tenant.id, pseudonym);
  if (!identity) throw new NotFound();
  await act(deps, tenant, me, 'pseudonym_revealed', async (_trx, line) => {
    line.context = 'settings';
    line.data = [{ field: 'pseudonym', new: pseudonym }];
  });
  return { pseudonym, created_at: row.created_at, ...identity };
}
