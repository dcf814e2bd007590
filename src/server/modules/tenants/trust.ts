import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { TrustStatus } from '../../../shared/constants';
import type { FraudFinding } from '../../../shared/messages/fraud';
import { act } from '../log/act';
import * as repo from './trust-repo';

// The association's trust status. A message flagged as fraudulent blocks all its messaging
// (spec: "Messaging stays disabled until support clears it"); support clears it with
// `npm run tenant -- unblock --host …`. Both changes are logged.

export const trustOf = repo.trustOf;

/** Sets the status; returns the one before. */
async function setTrust(db: Db, tenantId: number, to: TrustStatus): Promise<TrustStatus> {
  const before = await repo.trustOf(db, tenantId);
  await repo.setTrust(db, tenantId, to);
  return before;
}

/** Blocks the association's messaging for a fraudulent message; the log line names what was found. */
export function blockForFraud(deps: Pick<Deps, 'db' | 'clock'>, tenantId: number, me: { id: number } | null, subject: string, findings: readonly FraudFinding[]): Promise<void> {
  return act(deps, { id: tenantId }, me, 'trust_blocked', async (trx, line) => {
    const before = await setTrust(trx, tenantId, 'BLOCKED');
    line.context = 'trust';
    line.data = [
      { field: 'trust_status', old: before, new: 'BLOCKED' },
      { field: 'subject', new: subject },
      { field: 'fraud', new: findings.filter((f) => f.severity === 'block').map((f) => ({ rule: f.rule, snippet: f.snippet, ...(f.host ? { host: f.host } : {}) })) },
    ];
  });
}

/** Support's clearing (command line): back to OK. Returns false when it was not blocked. */
export function unblock(deps: Pick<Deps, 'db' | 'clock'>, tenantId: number): Promise<boolean> {
  return act(deps, { id: tenantId }, null, 'trust_unblocked', async (trx, line) => {
    const before = await setTrust(trx, tenantId, 'OK');
    line.context = 'trust';
    line.data = [{ field: 'trust_status', old: before, new: 'OK' }];
    line.write = before !== 'OK';
    return before !== 'OK';
  });
}
