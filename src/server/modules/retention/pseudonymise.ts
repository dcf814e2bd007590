import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import { secretBox } from '../../lib/secretBox';
import { redactText, type ErasedPerson, type Terms } from '../members/erase-terms';
import * as repo from './pseudonym-repo';

// Erasing a person must not unbalance the books, which are kept six years (Kirjanpitolaki
// 2:10): their invoice instances, the bank payments booked to them and their expense claims
// stay with every amount, date and number, but the name, address and account on them become
// a pseudonym ("Poistettu henkilö 7F3A2C"). Who it was is sealed in accounting_pseudonyms
// (secret box keyed by SESSION_SECRET, bound to the association and the pseudonym), so an
// auditor can have a site admin reveal it by a logged action. Runs inside the erase
// transaction, before the member rows go.

export const PSEUDONYM_PREFIX = 'Poistettu henkilö';
/** Claims still to be paid keep the account they are paid to. */
const OPEN_CLAIMS = new Set(['pending', 'accepted']);

export interface SealedIdentity {
  member_id: number;
  name: string;
  addresses: string[];
  emails: string[];
  phone: string | null;
  accounts: string[];
}

export const pseudonymBox = (deps: Pick<Deps, 'config'>) => secretBox(deps.config.sessionSecret, 'accounting-pseudonym');
export const pseudonymAad = (tenantId: number, pseudonym: string) => `tenant:${tenantId}:pseudonym:${pseudonym}`;

async function freshPseudonym(db: Db, tenantId: number): Promise<string> {
  for (;;) {
    const p = `${PSEUDONYM_PREFIX} ${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    if (!(await repo.pseudonymTaken(db, tenantId, p))) return p;
  }
}

const uniq = (xs: (string | null | undefined)[]): string[] => [...new Set(xs.filter((x): x is string => typeof x === 'string' && x !== ''))];

/** Gives each erased person with accounting rows a pseudonym there; answers how many got one. */
export async function pseudonymiseAccounting(deps: Pick<Deps, 'config'>, db: Db, tenantId: number, people: readonly ErasedPerson[], terms: Terms, at: string): Promise<number> {
  const ids = people.map((p) => p.id);
  if (ids.length === 0) return 0;
  const box = pseudonymBox(deps);
  let count = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const instances = await repo.instancesOf(db, tenantId, chunk);
    const claims = await repo.claimsOf(db, tenantId, chunk);
    for (const p of people.filter((x) => chunk.includes(x.id))) {
      const mine = instances.filter((r) => r.member_id === p.id);
      const myClaims = claims.filter((c) => c.person_id === p.id);
      if (mine.length === 0 && myClaims.length === 0) continue;
      const pseudonym = await freshPseudonym(db, tenantId);
      const identity: SealedIdentity = {
        member_id: p.id,
        name: `${p.firstname} ${p.lastname}`.trim(),
        addresses: uniq(mine.map((r) => r.recipient_address)),
        emails: uniq([p.email, p.email_porg1, p.email_porg2, ...mine.map((r) => r.recipient_email)]),
        phone: p.phone,
        accounts: uniq(myClaims.map((c) => c.person_account_number)),
      };
      await repo.insertPseudonym(db, tenantId, pseudonym, box.seal(JSON.stringify(identity), pseudonymAad(tenantId, pseudonym)), at);
      count += 1;
      const instanceIds = mine.map((r) => r.id);
      if (instanceIds.length > 0) {
        await repo.pseudonymiseInstances(db, tenantId, instanceIds, pseudonym);
        for (const bp of await repo.bankPaymentsFor(db, tenantId, instanceIds)) {
          // The message is the payer's own words: kept unless it names the person.
          await repo.pseudonymisePayment(db, tenantId, bp.id, pseudonym, redactText(bp.message, terms));
        }
      }
      for (const c of myClaims) await repo.pseudonymiseClaim(db, tenantId, c.id, pseudonym, !OPEN_CLAIMS.has(c.status));
    }
  }
  return count;
}

/** Who a pseudonym stood for, or null when this association has no such pseudonym. */
export async function openPseudonym(deps: Pick<Deps, 'config' | 'db'>, tenantId: number, pseudonym: string): Promise<SealedIdentity | null> {
  const row = await repo.findPseudonym(deps.db, tenantId, pseudonym);
  if (!row) return null;
  return JSON.parse(pseudonymBox(deps).open(row.sealed, pseudonymAad(tenantId, pseudonym))) as SealedIdentity;
}
