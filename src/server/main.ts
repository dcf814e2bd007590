import { buildApp } from './app';
import { openDeps, WEB_ROOT } from './bootstrap';
import { outboxNotice } from './modules/mail/mailer';
import { ensureDefaultTenant } from './modules/tenants/service';
import { pruneOldRateRows } from './lib/rateLimit';
import { httpsWarning } from './httpsWarning';
import { startUploadCleanup } from './modules/importer/cleanup';
import { startSqliteOptimize } from './db/optimize';

// `npm start`: migrate, create the demo association on first start, serve API + web app.
const { deps, handle, config } = await openDeps();
const insecure = httpsWarning(config);
if (insecure) console.warn(insecure);
const created = await ensureDefaultTenant(deps);
// Rate-limit counters outlive their windows only until the next start or insert.
await pruneOldRateRows(deps, true);
const app = await buildApp(deps, {
  webRoot: WEB_ROOT,
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
});
await app.listen({ port: config.port, host: config.host });
// Uploaded member lists are kept only while an import needs them.
const stopUploadCleanup = startUploadCleanup(deps);
// SQLite's planner statistics follow the register as it grows.
const stopOptimize = startSqliteOptimize(deps.db, deps.dialect);

const url = config.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
const db = handle.dialect === 'postgres' ? 'PostgreSQL' : `SQLite (${config.dataDir}/seura.sqlite)`;
console.log(`\nSeura käynnissä: ${url}   (tietokanta: ${db})`);
const mailNotice = outboxNotice(config);
if (mailNotice) console.log(mailNotice);
if (created) {
  console.log(`Loimme yhdistyksen "${created.tenant.name}" ja pääkäyttäjän:`);
  console.log(`  Sähköposti: ${created.admin.email}`);
  console.log(
    created.generatedPassword
      ? `  Salasana:   ${created.password}   (näytetään vain tämän kerran – tallenna se)`
      : '  Salasana:   SEURA_ADMIN_PASSWORD-muuttujan arvo',
  );
} else {
  console.log('Kirjaudu sisään osoitteessa ' + url + '/@login');
}

const shutdown = async (): Promise<void> => {
  stopUploadCleanup();
  stopOptimize();
  await app.close();
  deps.mailer.close();
  await handle.destroy();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
