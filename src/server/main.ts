import { buildApp } from './app';
import { openDeps, WEB_ROOT } from './bootstrap';
import { outboxNotice } from './modules/mail/mailer';
import { ensureDefaultTenant } from './modules/tenants/service';
import { pruneOldRateRows } from './lib/rateLimit';
import { httpsWarning } from './httpsWarning';
import { startJobs } from './jobs/index';

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
// Upkeep, and unless WORKERS=0 the outbox worker and bounce receiver (src/server/jobs).
const jobs = await startJobs(deps, { maintenance: true, workers: config.outbox.workers });

const url = config.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
const db = handle.dialect === 'postgres' ? 'PostgreSQL' : `SQLite (${config.dataDir}/seura.sqlite)`;
console.log(`\nSeura käynnissä: ${url}   (tietokanta: ${db})`);
const mailNotice = outboxNotice(config);
if (mailNotice) console.log(mailNotice);
if (!config.outbox.workers) console.log('Lähetystyö ei käynnissä tässä prosessissa (WORKERS=0): käynnistä se komennolla npm run worker.');
if (jobs.bouncePort !== null) console.log(`Palautusviestit (bounce) vastaanotetaan SMTP-portissa ${jobs.bouncePort}.`);
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
  await app.close();
  // Waits for the outbox round in flight, so nothing claimed is left `sending`.
  await jobs.stop();
  deps.mailer.close();
  await handle.destroy();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
