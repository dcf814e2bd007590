import { parseArgs } from 'node:util';
import { openDeps } from '../bootstrap';
import type { Deps } from '../deps';
import { createTenant, TenantInputError } from '../modules/tenants/service';
import { findByHostname } from '../modules/tenants/repo';
import { creditByOperator, currentBalance } from '../modules/payments/balance';
import { unblock } from '../modules/tenants/trust';
import { setTier } from '../modules/tenants/tier';
import { parseTier, tierLimits } from '../../shared/tiers';
import { TIERS } from '../../shared/constants';
import { formatAmount, parseAmountCents } from '../../shared/finnish/amount';

// npm run tenant -- create --name "Esimerkkiseura ry" --host esimerkki.localhost --admin-email a@b.fi [--admin-password …]
// npm run tenant -- balance --host esimerkki.localhost [--add 12,50]
// npm run tenant -- unblock --host esimerkki.localhost
// npm run tenant -- tier --host esimerkki.localhost [--set Plus]
const USAGE = [
  'Käyttö: npm run tenant -- create --name "Yhdistys ry" --host yhdistys.example.fi --admin-email admin@example.fi [--admin-password …]',
  '        npm run tenant -- balance --host yhdistys.example.fi [--add 50]',
  '        npm run tenant -- unblock --host yhdistys.example.fi',
  `        npm run tenant -- tier --host yhdistys.example.fi [--set ${TIERS.join('|')}]`,
].join('\n');

type Values = Record<string, string | undefined>;

async function create(deps: Deps, values: Values): Promise<number> {
  const created = await createTenant(deps, {
    name: values.name!,
    hostname: values.host!,
    adminEmail: values['admin-email']!,
    adminPassword: values['admin-password'] ?? null,
  });
  console.log(`Yhdistys "${created.tenant.name}" luotu (id ${created.tenant.id}), osoite ${created.tenant.hostname}`);
  console.log(`Pääkäyttäjä: ${created.admin.email}`);
  console.log(created.generatedPassword ? `Salasana:    ${created.password}   (näytetään vain kerran)` : 'Salasana:    annettu --admin-password');
  return 0;
}

/** Prints the balance, after crediting `--add` euros when given. */
async function balance(deps: Deps, values: Values): Promise<number> {
  const tenant = await findByHostname(deps.db, values.host!.trim().toLowerCase());
  if (!tenant) {
    console.error(`Yhdistystä osoitteella ${values.host} ei ole.`);
    return 1;
  }
  if (values.add === undefined) {
    console.log(`Saldo: ${formatAmount(await currentBalance(deps.db, tenant.id))}`);
    return 0;
  }
  const cents = parseAmountCents(values.add);
  if (cents === null || cents <= 0) {
    console.error(`Virheellinen summa: ${values.add} (esim. 50 tai 12,50)`);
    return 1;
  }
  const after = await creditByOperator(deps, tenant.id, cents, 'Ylläpidon lisäys');
  console.log(`Lisätty ${formatAmount(cents)}. Saldo: ${formatAmount(after)}`);
  return 0;
}

/** Support's clearing of a fraud block: messaging allowed again, with a log line. */
async function unblockTenant(deps: Deps, values: Values): Promise<number> {
  const tenant = await findByHostname(deps.db, values.host!.trim().toLowerCase());
  if (!tenant) {
    console.error(`Yhdistystä osoitteella ${values.host} ei ole.`);
    return 1;
  }
  const changed = await unblock(deps, tenant.id);
  console.log(changed ? `Yhdistyksen "${tenant.name}" viestien lähettäminen sallittu uudelleen.` : `Yhdistyksen "${tenant.name}" viestejä ei ollut estetty.`);
  return 0;
}

/** Prints the tier and its limits, after setting `--set` when given (logged). */
async function tier(deps: Deps, values: Values): Promise<number> {
  const tenant = await findByHostname(deps.db, values.host!.trim().toLowerCase());
  if (!tenant) {
    console.error(`Yhdistystä osoitteella ${values.host} ei ole.`);
    return 1;
  }
  let current = tenant.tier;
  if (values.set !== undefined) {
    const wanted = parseTier(values.set);
    if (!wanted) {
      console.error(`Tuntematon palvelutaso: ${values.set} (${TIERS.join(', ')})`);
      return 1;
    }
    const before = await setTier(deps, tenant.id, wanted);
    console.log(before === wanted ? `Yhdistyksen "${tenant.name}" palvelutaso on jo ${wanted}.` : `Yhdistyksen "${tenant.name}" palvelutaso vaihdettu: ${before} → ${wanted}.`);
    current = wanted;
  }
  const limits = tierLimits(parseTier(current) ?? 'Free', deps.config.messagePrices);
  console.log(
    [
      `Palvelutaso: ${limits.tier}`,
      `Viestien sivuhintojen alennus: ${limits.message_discount_percent} %`,
      `Päivityspyynnöt sähköpostilla: ${limits.updreq_email_free ? 'maksutta' : 'maksullisia'}`,
      `Ryhmäpostituslistan enimmäiskoko: ${limits.group_mail_max_members}`,
      `Kulukorvauksia vuodessa: ${limits.expense_claims_per_year ?? 'rajaton'}`,
    ].join('\n'),
  );
  return 0;
}

const COMMANDS: Record<string, (deps: Deps, values: Values) => Promise<number>> = { create, balance, unblock: unblockTenant, tier };

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      host: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      add: { type: 'string' },
      set: { type: 'string' },
    },
  });
}

export async function runTenantCli(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    // An unknown option or a missing value ("--add -5"): say so, not a stack trace.
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const { positionals, values } = parsed;
  const command = positionals[0];
  const ok = command === 'create' ? Boolean(values.name && values.host && values['admin-email']) : (command === 'balance' || command === 'unblock' || command === 'tier') && Boolean(values.host);
  if (!ok) {
    console.error(USAGE);
    return 2;
  }
  const { deps, handle } = await openDeps(env);
  try {
    return await COMMANDS[command!]!(deps, values);
  } catch (e) {
    if (e instanceof TenantInputError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  } finally {
    deps.mailer.close();
    await handle.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runTenantCli(process.argv.slice(2));
}
