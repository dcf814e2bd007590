import { parseArgs } from 'node:util';
import { openDeps } from '../bootstrap';
import { createTenant, TenantInputError } from '../modules/tenants/service';

// npm run tenant -- create --name "Esimerkkiseura ry" --host esimerkki.localhost --admin-email a@b.fi [--admin-password …]
const USAGE = 'Käyttö: npm run tenant -- create --name "Yhdistys ry" --host yhdistys.example.fi --admin-email admin@example.fi [--admin-password …]';

export async function runTenantCli(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      host: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
    },
  });
  if (positionals[0] !== 'create' || !values.name || !values.host || !values['admin-email']) {
    console.error(USAGE);
    return 2;
  }
  const { deps, handle } = await openDeps(env);
  try {
    const created = await createTenant(deps, {
      name: values.name,
      hostname: values.host,
      adminEmail: values['admin-email'],
      adminPassword: values['admin-password'] ?? null,
    });
    console.log(`Yhdistys "${created.tenant.name}" luotu (id ${created.tenant.id}), osoite ${created.tenant.hostname}`);
    console.log(`Pääkäyttäjä: ${created.admin.email}`);
    console.log(created.generatedPassword ? `Salasana:    ${created.password}   (näytetään vain kerran)` : 'Salasana:    annettu --admin-password');
    return 0;
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
