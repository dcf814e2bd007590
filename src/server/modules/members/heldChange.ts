import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { Member, Tenant } from '../../db/schema';
import * as activity from '../log/repo';
import { systemFrom } from '../mail/from';
import * as repo from './repo';
import { fullname } from './present';

// Self-edit clashes: a member who types an email or phone that another member
// already has is not told so (that would reveal who is registered). The rest of the change
// is saved, the old address stays, and the site admins are told to look at it.

export interface HeldChange {
  field: 'email' | 'phone';
  old: string | null;
  wanted: string;
}

const LABELS: Record<HeldChange['field'], string> = { email: 'Sähköposti', phone: 'Matkapuhelin' };

/** In the save's transaction, so the log and the saved data agree. `subjectId`: whose data (a guardian may save a dependant's). */
export function logHeldChange(db: Db, tenant: Tenant, me: Member, held: HeldChange[], at: string, subjectId = me.id): Promise<void> {
  return activity.append(db, tenant.id, {
    event: 'member_change_held',
    context: `member:${subjectId}`,
    data: held.map((h) => ({ field: h.field, old: h.old, new: h.wanted })),
    authorId: me.id,
    at,
  });
}

/** One mail to each site admin; a failed mail does not undo the member's saved change. */
export async function notifyAdminsOfHeldChange(deps: Deps, tenant: Tenant, me: Member, held: HeldChange[]): Promise<void> {
  const admins = await repo.listSiteAdmins(deps.db, tenant.id);
  const lines = held.map((h) => `- ${LABELS[h.field]}: ${h.old ?? '(tyhjä)'} → ${h.wanted}`).join('\n');
  for (const a of admins) {
    if (!a.email) continue;
    try {
      await deps.mailer.send({
        from: systemFrom(deps.config, tenant),
        to: a.email,
        subject: `Jäsenen yhteystiedon muutos odottaa tarkistusta – ${tenant.name}`,
        text:
          `Hei ${a.firstname},\n\n${fullname(me)} (jäsennumero ${String(me.id)}) yritti muuttaa omia tietojaan näin:\n${lines}\n\n` +
          `Sama osoite tai numero on jo toisella jäsenellä, joten muutosta ei tehty ja vanha tieto jäi voimaan. ` +
          `Jäsenelle kerrottiin vain, että muutos odottaa ylläpitäjän tarkistusta.\n` +
          `Tarkista asia jäsenrekisteristä (Lokitiedot → "Jäsenen yhteystiedon muutos odottaa tarkistusta").\n`,
      });
    } catch {
      // The log entry written with the change still tells the admins.
    }
  }
}
