import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { DELIVERY_STATUSES, type messageReply } from '../../../shared/schemas/messages';
import type { MessageMedia } from '../../../shared/messages/media';
import * as repo from './repo';

// One message of any kind as the admin pages show it, with its deliveries counted per status.

export async function getMessage(deps: Deps, tenant: Tenant, id: number): Promise<z.infer<typeof messageReply>> {
  const m = await repo.findMessage(deps.db, tenant.id, id);
  if (!m) throw new NotFound();
  const counts = await repo.statusCounts(deps.db, tenant.id, m.id);
  return {
    id: m.id,
    kind: m.kind,
    subject: m.subject,
    content: m.content,
    msg_media: m.msg_media as MessageMedia,
    status: m.status,
    recipient_count: m.recipient_count,
    // Every status present, zero when none: the pages need not guess.
    msg_statuses: Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, counts[s] ?? 0])) as Record<(typeof DELIVERY_STATUSES)[number], number>,
  };
}
