import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { NotFound, ValidationError } from '../../lib/errors';
import { act } from '../log/act';
import { BANK_STALE_DAYS } from '../../../shared/constants';
import { compactIban, validateIban } from '../../../shared/finnish/iban';
import { parseIsoDate } from '../../../shared/finnish/date';
import type { bankMandateAddBody, bankMandateReply } from '../../../shared/schemas/bank';
import { helsinkiToday } from '../invoices/present';
import { deleteMandate, insertMandate, lastStatementAt, lockMandates, mandateById, mandateByIban, mandatesWithAuthors } from './mandate-repo';

// The bank mandate: the accounts whose reference payments the association lets the service
// receive, with the day and the person that gave the mandate. BANK_DIR files are routed to an
// association by these accounts; uploads outside them are warned about. Its own table, not a
// settings scope; each change is one transaction with its log line.

type MandateReply = z.infer<typeof bankMandateReply>;

const STALE_MS = BANK_STALE_DAYS * 24 * 60 * 60 * 1000;

const IBAN_ERRORS = {
  wrong_length: 'settings_iban_wrong_length',
  unknown_country: 'settings_iban_unknown_country',
  invalid_checksum: 'settings_iban_invalid_checksum',
} as const;

export async function mandate(deps: Deps, tenant: Tenant): Promise<MandateReply> {
  const [rows, last] = await Promise.all([mandatesWithAuthors(deps.db, tenant.id), lastStatementAt(deps.db, tenant.id)]);
  const now = deps.clock.now().getTime();
  // Warn when statements should come but have not: since the last one, or since the first account was added.
  const since = last ?? rows[0]?.created_at ?? null;
  return {
    accounts: rows.map((r) => ({
      id: r.id,
      iban: r.iban,
      given_on: r.given_on,
      given_by: r.given_by,
      author: `${r.firstname ?? ''} ${r.lastname ?? ''}`.trim(),
      created_at: r.created_at,
    })),
    channel: deps.config.outbox.bankDir === null ? 'upload' : 'bank_dir',
    last_statement_at: last,
    stale: rows.length > 0 && since !== null && now - new Date(since).getTime() > STALE_MS,
  };
}

/** The account as stored (compact), or the field errors: a valid Finnish IBAN. */
function checkedIban(input: string): string {
  const iban = compactIban(input);
  if (!iban.startsWith('FI')) throw ValidationError.field('iban', 'bank_mandate_iban_not_finnish');
  const problem = validateIban(iban);
  if (problem) throw ValidationError.field('iban', IBAN_ERRORS[problem]);
  return iban;
}

export async function addMandate(deps: Deps, tenant: Tenant, me: Member, body: z.infer<typeof bankMandateAddBody>): Promise<MandateReply> {
  const iban = checkedIban(body.iban);
  if (!parseIsoDate(body.given_on)) throw ValidationError.field('given_on', '_validation_invalid_date');
  if (body.given_on > helsinkiToday(deps.clock.now())) throw ValidationError.field('given_on', 'bank_mandate_given_on_future');
  await act(deps, tenant, me, 'bank_mandate_added', async (trx, line, at) => {
    await lockMandates(trx, tenant.id);
    if (await mandateByIban(trx, tenant.id, iban)) throw ValidationError.field('iban', 'bank_mandate_duplicate');
    const id = await insertMandate(trx, { tenant_id: tenant.id, iban, given_on: body.given_on, given_by: body.given_by, author_id: me.id, created_at: at });
    line.context = 'bank_mandate';
    line.data = [{ field: 'bank_mandate', new: { id, iban, given_on: body.given_on, given_by: body.given_by } }];
  });
  return mandate(deps, tenant);
}

export async function removeMandate(deps: Deps, tenant: Tenant, me: Member, id: number): Promise<MandateReply> {
  const row = await mandateById(deps.db, tenant.id, id);
  if (!row) throw new NotFound();
  await act(deps, tenant, me, 'bank_mandate_removed', async (trx, line) => {
    await lockMandates(trx, tenant.id);
    // Gone meanwhile (a parallel removal): nothing to remove, nothing to log.
    if (!(await mandateById(trx, tenant.id, id))) throw new NotFound();
    await deleteMandate(trx, tenant.id, id);
    line.context = 'bank_mandate';
    line.data = [{ field: 'bank_mandate', old: { id, iban: row.iban, given_on: row.given_on, given_by: row.given_by } }];
  });
  return mandate(deps, tenant);
}
