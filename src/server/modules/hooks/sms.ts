import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import { iso } from '../../lib/clock';
import { NotFound } from '../../lib/errors';
import { readDeliveryToken } from '../outbox/tokens';
import { deliveryByToken, markBounced, markDelivered } from '../outbox/report-repo';
import { SMS_FAILED, type SmsReportBody } from './schema';

// The SMS gateway's delivery reports. The shared secret (SMS_HOOK_SECRET) is compared in
// constant time; without one configured the hook does not exist (404). The delivery comes
// from the keyed userref the outbox sent, and must belong to the association whose address
// the report came to (the callback URL is the association's own): another's is not found.

export function hookSecretOk(configured: string | null, given: string | undefined): boolean {
  if (configured === null) return false;
  const a = crypto.createHash('sha256').update(configured).digest();
  const b = crypto.createHash('sha256').update(given ?? '').digest();
  return crypto.timingSafeEqual(a, b);
}

export type SmsReportResult = 'sent' | 'bounced' | 'unchanged';

export async function applySmsReport(deps: Pick<Deps, 'db' | 'clock' | 'config'>, tenantId: number, report: SmsReportBody): Promise<SmsReportResult> {
  const id = report.userref ? readDeliveryToken(deps.config.sessionSecret, 'sms', report.userref) : null;
  const d = id === null ? undefined : await deliveryByToken(deps.db, id);
  if (!d || d.tenant_id !== tenantId || d.medium !== 'sms') throw new NotFound();
  const status = report.status.toUpperCase();
  const at = iso(deps.clock.now());
  if (status === 'DELIVERED') return (await markDelivered(deps.db, tenantId, d.id, at, String(report.id))) ? 'sent' : 'unchanged';
  if (SMS_FAILED.includes(status)) {
    const error = [status, report.code, report.error].filter((x) => x !== null && x !== undefined && x !== '').join(' ');
    return (await markBounced(deps.db, tenantId, d.id, at, error)) ? 'bounced' : 'unchanged';
  }
  // ENROUTE, BUFFERED, ACCEPTED…: on its way; the final report follows.
  return 'unchanged';
}
