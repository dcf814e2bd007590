import type { Deps } from '../deps';
import { startUploadCleanup } from '../modules/importer/cleanup';
import { startSqliteOptimize } from '../db/optimize';
import { catchUpSoon } from '../modules/members/search-index';
import { createOutboxWorker, type WorkerOptions } from '../modules/outbox/worker';
import { createProviders, closeProviders } from '../modules/outbox/providers/index';
import { startBounceServer } from '../modules/outbox/bounces';
import type { Providers } from '../modules/outbox/providers';
import { invoicePersonalisers } from '../modules/invoices/personalise';
import { membercardPersonalisers } from '../modules/membercard/personalise';
import { updreqPersonalisers } from '../modules/updreqs/personalise';
import { startBankDir } from './bank-dir';
import { startRetentionJob } from './retention';

// Every piece of background work starts here and stops here. `maintenance` is the upkeep
// every web process does (old uploads, SQLite planner statistics); `workers` is the outbox
// worker and the bounce receiver, which a deployment may run in a process of its own
// (`npm run worker`, and WORKERS=0 in the web processes).

export interface JobOptions {
  maintenance: boolean;
  workers: boolean;
  /** Tests and the bench hand in their own providers; otherwise chosen by configuration. */
  providers?: Providers;
  worker?: WorkerOptions;
  log?: (msg: string, data?: Record<string, unknown>) => void;
}

export interface Jobs {
  /** The bounce receiver's port when it runs. */
  bouncePort: number | null;
  /** Stops everything; waits for the outbox round in flight to be sent and recorded. */
  stop(): Promise<void>;
}

export async function startJobs(deps: Deps, opts: JobOptions): Promise<Jobs> {
  const log = opts.log ?? ((msg, data) => console.warn(`[lähetys] ${msg}`, data ?? ''));
  const stops: (() => Promise<void> | void)[] = [];
  let bouncePort: number | null = null;
  if (opts.maintenance) {
    // Uploaded member lists are kept only while an import needs them.
    stops.push(startUploadCleanup(deps));
    // SQLite's planner statistics follow the register as it grows.
    stops.push(startSqliteOptimize(deps.db, deps.dialect));
    // Search index entries a bulk edit left for later when the server stopped before making them.
    void catchUpSoon(deps.db, deps.dialect);
    // Retention settings carried out once a day per association (job_runs claims the day).
    stops.push(startRetentionJob(deps));
  }
  if (opts.workers) {
    const providers = opts.providers ?? createProviders(deps.config);
    // Invoices and reminders: each delivery gets its recipient's own amount, reference and PDF;
    // member cards their own card's address, update requests their recipient's own edit link.
    const personalise = { ...invoicePersonalisers(deps), ...membercardPersonalisers(deps), ...updreqPersonalisers(deps) };
    const worker = createOutboxWorker(deps, providers, { log, personalise, ...opts.worker });
    worker.start();
    // Stopped in reverse: the worker finishes its round before the providers close.
    stops.push(() => closeProviders(providers));
    stops.push(() => worker.stop());
    // Bank statement files dropped in BANK_DIR are imported as they arrive.
    if (deps.config.outbox.bankDir !== null) stops.push(startBankDir(deps, deps.config.outbox.bankDir, opts.log));
    const port = deps.config.outbox.bounceSmtpPort;
    if (port !== null) {
      const bounces = await startBounceServer(deps, { port, host: deps.config.host, log });
      bouncePort = bounces.port;
      stops.push(() => bounces.close());
    }
  }
  return {
    bouncePort,
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
