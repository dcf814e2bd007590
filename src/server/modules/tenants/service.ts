import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { iso } from '../../lib/clock';
import { generatePassword, hashPassword } from '../../lib/passwords';
import * as activity from '../log/repo';
import * as members from '../members/repo';
import * as repo from './repo';
import { searchTextOf } from '../members/present';
import { createFixedFields } from '../fields/service';
import { createBuiltinGroups } from '../groups/service';

export interface CreateTenantInput {
  name: string;
  hostname: string | null;
  isDefault?: boolean;
  adminEmail: string;
  /** Absent: a strong password is generated and returned once. */
  adminPassword?: string | null;
  adminFirstname?: string;
  adminLastname?: string;
}

export interface CreatedTenant {
  tenant: Tenant;
  admin: Member;
  password: string;
  generatedPassword: boolean;
}

export class TenantInputError extends Error {}

/** Creates an association with its first site admin, in one transaction. */
export async function createTenant(deps: Deps, input: CreateTenantInput): Promise<CreatedTenant> {
  const name = input.name.trim();
  const hostname = input.hostname?.trim().toLowerCase() || null;
  const email = input.adminEmail.trim().toLowerCase();
  if (!name) throw new TenantInputError('Yhdistyksen nimi puuttuu (--name).');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new TenantInputError(`Virheellinen sähköpostiosoite: ${input.adminEmail}`);
  if (hostname && !/^[a-z0-9.-]+$/.test(hostname)) throw new TenantInputError(`Virheellinen palvelinnimi: ${hostname}`);
  if (hostname && (await repo.findByHostname(deps.db, hostname))) {
    throw new TenantInputError(`Palvelinnimi ${hostname} on jo toisen yhdistyksen käytössä.`);
  }
  const generatedPassword = !input.adminPassword;
  const password = input.adminPassword || generatePassword();
  const passwordHash = await hashPassword(password);
  const now = iso(deps.clock.now());

  return deps.db.transaction().execute(async (trx) => {
    const tenant = await repo.insert(trx, {
      name,
      hostname,
      is_default: input.isDefault ? 1 : 0,
      tier: 'Free',
      trust_status: 'OK',
      created_at: now,
    });
    const names = { firstname: input.adminFirstname ?? 'Pää', lastname: input.adminLastname ?? 'Käyttäjä' };
    const admin = await members.insert(trx, tenant.id, {
      ...names,
      email,
      search_text: searchTextOf({ ...names, email, email_porg1: null, email_porg2: null, phone: null, address_street: null, address_zip: null, address_city: null }, []),
      phone: null,
      password_hash: passwordHash,
      active: 1,
      site_admin: 1,
      board: 1,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    });
    await createFixedFields(trx, tenant.id, now);
    await createBuiltinGroups(trx, tenant.id, now);
    // Not a user action (the CLI or the first start, no author), and the association's id
    // exists only inside this transaction: so no act(), the line is appended here by hand.
    await activity.append(trx, tenant.id, {
      event: 'tenant_created',
      context: 'tenant',
      data: [
        { field: 'name', new: name },
        { field: 'hostname', new: hostname },
        { field: 'admin_email', new: email },
      ],
      authorId: null,
      at: now,
    });
    return { tenant, admin, password, generatedPassword };
  });
}

/** First start: make the default (demo) association and its admin. Later starts: nothing. */
export async function ensureDefaultTenant(deps: Deps): Promise<CreatedTenant | null> {
  if (await repo.findDefault(deps.db)) return null;
  return createTenant(deps, {
    name: 'Demoyhdistys ry',
    hostname: null,
    isDefault: true,
    adminEmail: deps.config.adminEmail ?? 'admin@demo.seura.fi',
    adminPassword: deps.config.adminPassword,
    adminFirstname: 'Demo',
    adminLastname: 'Pääkäyttäjä',
  });
}
