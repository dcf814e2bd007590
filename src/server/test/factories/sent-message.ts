import type { Deps } from '../../deps';
import type { DeliveryStatus, MessageKind, MessageStatus } from '../../db/schema';
import type { MessageMedia } from '../../../shared/messages/media';
import { queueDeliveries } from '../../modules/outbox/queue-repo';

// Test fixtures: a message row and its deliveries as the composer and outbox leave them,
// written straight to the database (the composing and sending have their own tests).

export interface MessageFixture {
  kind?: MessageKind;
  media: MessageMedia;
  status?: MessageStatus;
  subject?: string;
  content?: string;
  filter?: unknown;
  addrecips?: number[];
  deliveries?: { memberId: number | null; address: string; status: DeliveryStatus }[];
}

export async function insertMessage(deps: Pick<Deps, 'db'>, tenantId: number, f: MessageFixture): Promise<{ id: number; deliveryIds: number[] }> {
  const at = new Date().toISOString();
  const sent = f.status === 'sent' || f.status === 'cancelled';
  const { id } = await deps.db
    .insertInto('messages')
    .values({
      tenant_id: tenantId,
      kind: f.kind ?? 'announcement',
      msg_media: f.media,
      subject: f.subject ?? 'Kevätkokous',
      content: f.content ?? '<p>Tervetuloa kevätkokoukseen!</p>',
      filter: JSON.stringify(f.filter ?? []),
      addrecips: JSON.stringify(f.addrecips ?? []),
      status: f.status ?? 'draft',
      recipient_count: f.deliveries?.length ?? 0,
      created_at: at,
      updated_at: at,
      sent_at: sent ? at : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = f.deliveries ?? [];
  await queueDeliveries(deps.db, tenantId, id, rows.map((d) => ({ memberId: d.memberId, medium: f.media, address: d.address })), at);
  const ids = (await deps.db.selectFrom('deliveries').select('id').where('message_id', '=', id).orderBy('id').execute()).map((r) => r.id);
  for (const [i, d] of rows.entries()) {
    if (d.status !== 'queued') await deps.db.updateTable('deliveries').set({ status: d.status, status_at: at }).where('id', '=', ids[i]!).execute();
  }
  return { id, deliveryIds: ids };
}
