import { z } from 'zod';
import type { Db } from '../../db/kysely';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { ValidationError } from '../../lib/errors';
import { REFERRAL_FRIEND_CENTS, REFERRAL_MAX_EMAILS, REFERRAL_REFERRER_CENTS } from '../../../shared/schemas/payments';
import { act } from '../log/act';
import { append } from '../log/repo';
import * as ledger from './ledger-repo';
import * as repo from './referrals-repo';

// Referrals: an admin shares the service with a list of emails. When an association whose
// site admin has a referred email makes its first online purchase, the referrer gets 25 €
// and the friend 5 € of free balance (`referral` rows, their free part the whole amount).

const email = z.string().email();

export function splitEmails(text: string): string[] {
  return [...new Set(text.split(/[\n,;]+/).map((e) => e.trim().toLowerCase()).filter((e) => e !== ''))];
}

export async function refer(deps: Deps, tenant: Tenant, me: Member, text: string): Promise<{ referred: string[]; already: string[]; invalid: string[] }> {
  const all = splitEmails(text);
  if (all.length === 0) throw new ValidationError({ emails: ['_validation_field_required'] });
  if (all.length > REFERRAL_MAX_EMAILS) throw new ValidationError({ emails: ['referral_too_many'] }, { max: REFERRAL_MAX_EMAILS });
  const invalid = all.filter((e) => !email.safeParse(e).success);
  if (invalid.length === all.length) throw new ValidationError({ emails: ['_validation_invalid_email'] });
  const valid = all.filter((e) => !invalid.includes(e));
  return act(deps, tenant, me, 'referrals_sent', async (trx, line, at) => {
    const referred: string[] = [];
    const already: string[] = [];
    for (const e of valid) {
      // The unique email decides under concurrency: a parallel referral of the same email inserts nothing.
      ((await repo.insertIfNew(trx, tenant.id, e, me.id, at)) ? referred : already).push(e);
    }
    line.context = 'balance';
    line.data = [{ field: 'referrals', new: referred }];
    line.write = referred.length > 0;
    return { referred, already, invalid };
  });
}

/**
 * Inside the paying transaction of an online purchase: on the association's first one,
 * credits the referral of its site admin's email, once (the conditional update claims it).
 */
export async function creditReferral(trx: Db, tenant: Tenant, at: string): Promise<void> {
  if ((await repo.onlinePaidCount(trx, tenant.id)) !== 1) return;
  const emails = await repo.siteAdminEmails(trx, tenant.id);
  if (emails.length === 0) return;
  const ref = await repo.openReferralOf(trx, tenant.id, emails);
  if (!ref || !(await repo.claimCredit(trx, ref.id, tenant.id, at))) return;
  const credit = async (tenantId: number, cents: number, note: string) => {
    await ledger.addRow(trx, tenantId, { at, kind: 'referral', amountCents: cents, freeCents: cents, note });
    await append(trx, tenantId, { event: 'referral_credited', context: 'balance', data: [{ field: 'referral', new: { email: ref.email, cents } }], authorId: null, batchId: null, at });
  };
  await credit(ref.tenant_id, REFERRAL_REFERRER_CENTS, `Suositus: ${ref.email}`);
  await credit(tenant.id, REFERRAL_FRIEND_CENTS, 'Suositeltu liittyminen');
}
