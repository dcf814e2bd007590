import { openDeps } from './bootstrap';
import { startJobs } from './jobs/index';
import { outboxNotice } from './modules/mail/mailer';

// `npm run worker`: the outbox worker and the bounce receiver without HTTP, so a deployment
// can run web processes (WORKERS=0) and worker processes apart, on one database.
const { deps, handle, config } = await openDeps();
// Test-only knobs: a short lease lets the crash test see lost claims become `unknown` quickly.
const leaseMs = Number(process.env.SEURA_OUTBOX_LEASE_MS ?? '') || undefined;
const idleMs = Number(process.env.SEURA_OUTBOX_IDLE_MS ?? '') || undefined;
const jobs = await startJobs(deps, { maintenance: false, workers: true, worker: { ...(leaseMs ? { leaseMs } : {}), ...(idleMs ? { idleMs } : {}) } });
console.log(`Seuran lähetystyö käynnissä${jobs.bouncePort !== null ? ` (palautusviestit portissa ${jobs.bouncePort})` : ''}.`);
const notice = outboxNotice(config);
if (notice) console.log(notice);

const shutdown = async (): Promise<void> => {
  await jobs.stop();
  deps.mailer.close();
  await handle.destroy();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
