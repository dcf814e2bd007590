import type { Deps } from '../deps';
import { runRetentionDue } from '../modules/retention/service';

// The daily retention run (modules/retention/service.ts). Every web process checks at start
// and hourly; the day's claim in job_runs makes sure one process does each association's day.

const EVERY_MS = 60 * 60 * 1000;

export function startRetentionJob(deps: Deps, log: (msg: string) => void = (m) => console.warn(m)): () => void {
  const run = () => void runRetentionDue(deps, log).catch((e: unknown) => log(`[säilytys] ${e instanceof Error ? e.message : String(e)}`));
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
