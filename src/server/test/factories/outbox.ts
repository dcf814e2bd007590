import type { Db } from '../../db/kysely';
import type { MessageMedia } from '../../../shared/messages/media';
import { queueDeliveries, type NewDelivery } from '../../modules/outbox/queue-repo';
import type { OutgoingDelivery, Provider, ProviderResult } from '../../modules/outbox/providers';

// Shared by the outbox's tests and bench: a sent message with queued deliveries, and a
// provider that answers as told and remembers what it was handed.

export async function sentMessage(db: Db, tenantId: number, medium: MessageMedia, rows: readonly NewDelivery[], at: string, subject = 'Kevätkokous'): Promise<number> {
  const m = await db
    .insertInto('messages')
    .values({ tenant_id: tenantId, kind: 'announcement', msg_media: medium, subject, content: '<p>Tervetuloa kevätkokoukseen!</p>', status: 'sent', created_at: at, updated_at: at, sent_at: at, recipient_count: rows.length })
    .returning('id')
    .executeTakeFirstOrThrow();
  await queueDeliveries(db, tenantId, m.id, rows, at);
  return m.id;
}

export interface RecordingProvider extends Provider {
  sent: OutgoingDelivery[];
}

export function recordingProvider(answer: (d: OutgoingDelivery) => ProviderResult | Promise<ProviderResult> = (d) => ({ outcome: 'sent', ref: `ref-${String(d.deliveryId)}` })): RecordingProvider {
  const sent: OutgoingDelivery[] = [];
  return {
    sent,
    async send(d) {
      sent.push(d);
      return answer(d);
    },
  };
}
