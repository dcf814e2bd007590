import type { Deps } from '../../deps';
import type { Db } from '../../db/kysely';
import type { Member, Tenant } from '../../db/schema';
import type { MfaPolicy } from '../../../shared/constants';
import * as members from '../members/repo';
import { systemFrom } from '../mail/from';
import { endSiteAdminSessions } from '../session/end';
import * as repo from './repo';

// The site-wide 2FA switch (settings scope "security"; saved by settings/service.ts).

/** Inside the settings transaction: every admin, the one who switched included, signs in again. */
export async function endAdminSessions(db: Db, tenantId: number): Promise<number> {
  const admins = await members.listSiteAdmins(db, tenantId);
  const ids = admins.map((a) => a.id);
  // Removed and inactive admins too: their rows must not outlive the switch.
  const closed = await endSiteAdminSessions(db, tenantId);
  for (const id of ids) await repo.removeChallenges(db, tenantId, { memberId: id });
  return closed;
}

/** After the switch: one mail to each admin, so a change nobody expected gets noticed. */
export async function notifyPolicyChange(deps: Deps, tenant: Tenant, me: Member, next: MfaPolicy): Promise<void> {
  const admins = await members.listSiteAdmins(deps.db, tenant.id);
  const who = `${me.firstname} ${me.lastname}`.trim() || (me.email ?? '');
  const what =
    next === 'admins'
      ? 'otti käyttöön kaksivaiheisen tunnistautumisen kaikille pääkäyttäjille. Seuraavalla kirjautumisella sinulta kysytään salasanan lisäksi todennussovelluksen koodi; jos et ole vielä ottanut sovellusta käyttöön, se tehdään kirjautumisen yhteydessä.'
      : 'poisti kaksivaiheisen tunnistautumisen vaatimuksen pääkäyttäjiltä. Jos olet itse ottanut sen käyttöön, se pysyy käytössäsi.';
  for (const a of admins) {
    if (!a.email) continue;
    await deps.mailer.send({
      from: systemFrom(deps.config, tenant),
      to: a.email,
      subject: `Kaksivaiheisen tunnistautumisen asetus muuttui – ${tenant.name}`,
      text:
        `Hei ${a.firstname},\n\n${who} ${what}\n\nKaikki pääkäyttäjien istunnot päätettiin, joten kirjaudu uudelleen.\n` +
        `Jos muutos ei ollut odotettu, ota yhteyttä yhdistyksen muihin pääkäyttäjiin.\n`,
    });
  }
}
