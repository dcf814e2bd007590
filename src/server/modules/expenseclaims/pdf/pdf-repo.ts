import type { Db } from '../../../db/kysely';
import type { ExpenseClaimStatus } from '../../../db/schema';
import type { ClaimsPdfClaim, ClaimsPdfInput, ClaimsPdfReceipt } from './claims-pdf';

// What the printout of one claimant-account needs: the association's name, the claims of a
// payment batch (paid) or in one status, their items in order and the receipt files.

export interface ClaimsPdfKey {
  personId: number;
  account: string;
  status: ExpenseClaimStatus;
  /** paid: the batch (YYYYMMDDHHMMSS); otherwise only a cache-buster. */
  timestamp: string;
}

/** Null when the association has no such claims. */
export async function loadClaimsPdf(db: Db, tenantId: number, key: ClaimsPdfKey): Promise<ClaimsPdfInput | null> {
  let q = db
    .selectFrom('expense_claims')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('person_id', '=', key.personId)
    .where('person_account_number', '=', key.account)
    .where('status', '=', key.status);
  if (key.status === 'paid') q = q.where('paid_batch', '=', key.timestamp);
  const claims = await q.orderBy('id').execute();
  if (claims.length === 0) return null;
  const ids = claims.map((c) => c.id);
  const [tenant, items] = await Promise.all([
    db.selectFrom('tenants').select('name').where('id', '=', tenantId).executeTakeFirstOrThrow(),
    db.selectFrom('expense_claim_items').selectAll().where('tenant_id', '=', tenantId).where('claim_id', 'in', ids).orderBy('claim_id').orderBy('position').execute(),
  ]);
  const fileIds = items.map((i) => i.receipt_id).filter((id): id is number => id !== null);
  const files =
    fileIds.length === 0
      ? []
      : await db.selectFrom('expense_claim_files').select(['id', 'mime', 'data', 'filename']).where('tenant_id', '=', tenantId).where('id', 'in', fileIds).execute();
  const fileById = new Map(files.map((f) => [f.id, f]));
  const receipts: ClaimsPdfReceipt[] = [];
  const out: ClaimsPdfClaim[] = claims.map((c) => ({
    id: c.id,
    description: c.description,
    created_at: c.created_at,
    amount_c: c.amount_c,
    items: items
      .filter((i) => i.claim_id === c.id)
      .map((i) => {
        const file = i.receipt_id === null ? undefined : fileById.get(i.receipt_id);
        if (file) receipts.push({ claimId: c.id, date: i.date, description: i.description, mime: file.mime, data: Buffer.from(file.data), filename: file.filename });
        return i;
      }),
  }));
  const first = claims[0]!;
  return {
    association: tenant.name,
    personName: first.person_name,
    account: first.person_account_number,
    status: key.status,
    batch: key.status === 'paid' ? key.timestamp : null,
    datePaid: key.status === 'paid' ? first.date_paid : null,
    claims: out,
    receipts,
  };
}
