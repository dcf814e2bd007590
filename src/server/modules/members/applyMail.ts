import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { iso } from '../../lib/clock';
import * as activity from '../log/repo';
import { systemFrom } from '../mail/from';

// The applicant's two emails: "received" after applying and
// "approved" when an admin approves. Both go after the change is committed: the
// application or approval stands even if the mail cannot be sent, and a failure is
// written to the activity log (the applicant's request must not fail, or they would
// send the application again).

export type MailOutcome = 'sent' | 'failed' | 'no_email';

interface Letter {
  subject: string;
  text: string;
}

function greeting(m: Pick<Member, 'firstname'>): string {
  return m.firstname.trim() ? `Hei ${m.firstname.trim()},` : 'Hei,';
}

export function receivedLetter(tenant: Pick<Tenant, 'name'>, m: Pick<Member, 'firstname'>): Letter {
  return {
    subject: `Jäsenhakemuksesi on vastaanotettu – ${tenant.name}`,
    text:
      `${greeting(m)}\n\nkiitos jäsenhakemuksestasi yhdistykseen ${tenant.name}. Hakemuksesi on vastaanotettu, ` +
      `ja yhdistys käsittelee sen mahdollisimman pian. Saat sähköpostia, kun hakemuksesi on hyväksytty.\n\n` +
      `Jos et itse lähettänyt hakemusta, voit jättää tämän viestin huomiotta.\n\n` +
      `Ystävällisin terveisin\n${tenant.name}\n`,
  };
}

export function approvedLetter(tenant: Pick<Tenant, 'name'>, m: Pick<Member, 'firstname'>): Letter {
  return {
    subject: `Jäsenhakemuksesi on hyväksytty – ${tenant.name}`,
    text:
      `${greeting(m)}\n\njäsenhakemuksesi yhdistykseen ${tenant.name} on hyväksytty. Tervetuloa jäseneksi!\n\n` +
      `Jos tietoihisi tulee muutoksia, ilmoitathan niistä yhdistykselle.\n\n` +
      `Ystävällisin terveisin\n${tenant.name}\n`,
  };
}

/** Sends one letter to the applicant's email, if they gave one; never throws. */
export async function mailApplicant(deps: Deps, tenant: Tenant, m: Member, letter: Letter, authorId: number | null): Promise<MailOutcome> {
  if (!m.email) return 'no_email';
  try {
    await deps.mailer.send({ from: systemFrom(deps.config, tenant), to: m.email, subject: letter.subject, text: letter.text });
    return 'sent';
  } catch {
    await activity.append(deps.db, tenant.id, {
      event: 'application_mail_failed',
      context: `member:${m.id}`,
      data: [
        { field: 'email', new: m.email },
        { field: 'subject', new: letter.subject },
      ],
      authorId,
      at: iso(deps.clock.now()),
    });
    return 'failed';
  }
}
