import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Client } from '../harness';
import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { issueReceipt, type IssueReceiptInput } from '../../modules/receipts/issue';

/** A receipt issued as a payment would, in its own transaction. */
export function makeReceipt(deps: Pick<Deps, 'db'>, tenant: Tenant, over: Partial<IssueReceiptInput> = {}): Promise<{ id: number; number: number }> {
  return deps.db.transaction().execute((trx) =>
    issueReceipt(trx, tenant, {
      paymentId: `pay-${Math.random().toString(36).slice(2)}`,
      kind: 'balance_purchase',
      method: 'online',
      amountCents: 5000,
      rows: [{ title: 'Saldon lisäys', count: 1, unit_cents: 5000, total_cents: 5000 }],
      at: new Date().toISOString(),
      ...over,
    }),
  );
}

/** A GET with the client's cookies whose reply is binary (a PDF, an xlsx): the raw response. */
export function getRaw(app: FastifyInstance, client: Client, url: string): Promise<LightMyRequestResponse> {
  const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return app.inject({ method: 'GET', url, headers: { host: client.host, cookie } });
}
