import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '../deps';
import { BANK_MAX_FILE_BYTES } from '../../shared/constants';
import { HttpError } from '../lib/errors';
import { apply, parseFile, upload } from '../modules/bank/import';
import type { ParsedStatement } from '../modules/bank/types';
import { tenantsByMandate } from '../modules/bank/import-repo';

// BANK_DIR: statement files a bank's file-transfer client (or a Web Services connector) drops
// in a directory. Each file goes to the association whose bank mandate names its credited
// account, is dry-run and applied at once (exact and combined matches booked; suggestions and
// unmatched payments wait for the review), and moves to done/. A file that cannot be read or
// routed to exactly one association moves to rejected/, with the reason in the server log.

const EVERY_MS = 60 * 1000;
/** A file younger than this may still be being written by the transfer client. */
const SETTLE_MS = 10 * 1000;

export type BankDirLog = (msg: string, data?: Record<string, unknown>) => void;

export interface BankDirResult {
  done: string[];
  rejected: string[];
}

/** A claimed file not finished for this long was left by a process that stopped: it goes back. */
const CLAIM_STALE_MS = 10 * 60 * 1000;

/** Moves a file into done/ or rejected/, under a unique name (a file of the same name may have come before). */
async function moveTo(dir: string, sub: 'done' | 'rejected', from: string, name: string, now: Date): Promise<string> {
  const target = path.join(dir, sub);
  await fs.mkdir(target, { recursive: true });
  let dest = path.join(target, name);
  if (await fs.stat(dest).catch(() => null)) dest = path.join(target, `${now.toISOString().replace(/[:.]/g, '-')}-${name}`);
  await fs.rename(from, dest);
  return dest;
}

/** Files claimed (moved to processing/) by a process that stopped before finishing them are put back. */
async function releaseStaleClaims(dir: string): Promise<void> {
  const processing = path.join(dir, 'processing');
  for (const name of await fs.readdir(processing).catch(() => [] as string[])) {
    const stat = await fs.stat(path.join(processing, name)).catch(() => null);
    // A rename sets ctime: the moment of the claim.
    if (stat && Date.now() - stat.ctimeMs > CLAIM_STALE_MS) await fs.rename(path.join(processing, name), path.join(dir, name)).catch(() => undefined);
  }
}

/** Why a file cannot be imported (a message key and its parameters), or the association it belongs to. */
async function route(deps: Deps, bytes: Buffer): Promise<{ tenantId: number; parsed: ParsedStatement } | { reason: string; params?: Record<string, unknown> }> {
  let parsed: ParsedStatement;
  try {
    parsed = parseFile(bytes);
  } catch (e) {
    if (e instanceof HttpError) return { reason: 'unreadable', params: e.body };
    throw e;
  }
  const { accounts } = parsed;
  const tenants = new Set<number>();
  for (const a of accounts) for (const t of await tenantsByMandate(deps.db, a.replace(/\s+/g, '').toUpperCase())) tenants.add(t);
  if (tenants.size === 1) return { tenantId: [...tenants][0]!, parsed };
  return { reason: tenants.size === 0 ? 'no_mandate' : 'several_associations', params: { accounts } };
}

/**
 * One pass over the directory: every regular file (not hidden, settled) imported or rejected.
 * A failure that is not the file's fault (the database away) puts the file back for the next pass.
 */
export async function runBankDirOnce(deps: Deps, dir: string, log: BankDirLog, settleMs = SETTLE_MS): Promise<BankDirResult> {
  const out: BankDirResult = { done: [], rejected: [] };
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch((e: unknown) => {
    log('BANK_DIR ei ole luettavissa', { dir, error: e instanceof Error ? e.message : String(e) });
    return [];
  });
  await releaseStaleClaims(dir);
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!e.isFile() || e.name.startsWith('.')) continue;
    const file = path.join(dir, e.name);
    const now = deps.clock.now();
    const stat = await fs.stat(file).catch(() => null);
    if (!stat || Date.now() - stat.mtimeMs < settleMs) continue;
    // Claimed by moving it to processing/: with several worker processes, exactly one rename succeeds.
    const claimed = path.join(dir, 'processing', e.name);
    await fs.mkdir(path.dirname(claimed), { recursive: true });
    if (!(await fs.rename(file, claimed).then(() => true, () => false))) continue;
    const reject = async (reason: string, params?: Record<string, unknown>) => {
      const dest = await moveTo(dir, 'rejected', claimed, e.name, now);
      log('tiliote hylätty', { file: e.name, moved_to: dest, reason, ...params });
      out.rejected.push(e.name);
    };
    try {
      if (stat.size > BANK_MAX_FILE_BYTES) {
        await reject('too_large', { bytes: stat.size });
        continue;
      }
      const bytes = await fs.readFile(claimed);
      const to = await route(deps, bytes);
      if ('reason' in to) {
        await reject(to.reason, to.params);
        continue;
      }
      const tenant = { id: to.tenantId };
      const st = await upload(deps, tenant, null, e.name, bytes, 'bank_dir', to.parsed);
      const applied = await apply(deps, tenant, null, st.id, []);
      await moveTo(dir, 'done', claimed, e.name, now);
      log('tiliote kirjattu', { file: e.name, tenant_id: to.tenantId, statement_id: st.id, booked: applied.booked, waiting: applied.waiting, duplicates: applied.duplicates });
      out.done.push(e.name);
    } catch (err) {
      log('tiliotteen tuonti epäonnistui, yritetään uudelleen', { file: e.name, error: err instanceof Error ? err.message : String(err) });
      await fs.rename(claimed, file).catch(() => undefined);
    }
  }
  return out;
}

/** Polls BANK_DIR now and every minute (one pass at a time); returns the stop function, which waits for a pass in flight. */
export function startBankDir(deps: Deps, dir: string, log: BankDirLog = (msg, data) => console.warn(`[tiliotteet] ${msg}`, data ?? '')): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = runBankDirOnce(deps, dir, log)
      .catch((e: unknown) => log('BANK_DIR-kierros epäonnistui', { error: e instanceof Error ? e.message : String(e) }))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
