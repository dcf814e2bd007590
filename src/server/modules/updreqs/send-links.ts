import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { EDIT_LINK_ORDERS_MAX_PER_ASSOCIATION, EDIT_LINK_ORDERS_MAX_PER_EMAIL, EDIT_LINK_ORDERS_MAX_PER_IP, EDIT_LINK_TTL_MS } from '../../../shared/constants';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { normalizeEmail } from '../../../shared/members/email';
import { ValidationError } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { takeRate } from '../../lib/rateLimit';
import { publicBase } from '../../lib/publicUrl';
import { act } from '../log/act';
import { systemFrom } from '../mail/from';
import { loadModel } from '../members/model';
import { fullname } from '../members/present';
import { issueLink, newLinkToken } from './links-repo';
import { membersReachedBy } from './editme-repo';

// A member orders fresh links to their own form (/updreqs/get_edit_links). The answer is the
// same, and comes as fast, for any address: counting happens first, and finding the members,
// issuing the links and sending the one mail happen after the reply (`done`), as the
// forgotten-password mail does. A guardian's address also gets the links of the children
// whose guardian email it is (with guardian emails on).

/** The web page a link opens (web PATHS.editMeHash). */
export const editMeHashPath = (token: string): string => `/edit_me_h/${token}`;

type Log = (err: unknown) => void;

export async function sendEditLinks(deps: Deps, tenant: Tenant, email: string, ip: string, log: Log): Promise<{ done: Promise<void> }> {
  const address = normalizeEmail(email);
  if (!address) throw ValidationError.field('email', 'members_fill_email');
  // The typed address is counted by its hash: the rate table holds no addresses.
  const addressKey = crypto.createHash('sha256').update(address, 'utf8').digest('hex');
  await takeRate(
    deps,
    tenant.id,
    [
      { kind: 'edit_link_order_ip', key: ip, max: EDIT_LINK_ORDERS_MAX_PER_IP },
      { kind: 'edit_link_order_email', key: addressKey, max: EDIT_LINK_ORDERS_MAX_PER_EMAIL },
      { kind: 'edit_link_order_tenant', key: 'all', max: EDIT_LINK_ORDERS_MAX_PER_ASSOCIATION },
    ],
    'edit_links_rate_limited',
  );
  return { done: orderLinks(deps, tenant, address).catch(log) };
}

async function orderLinks(deps: Deps, tenant: Tenant, address: string): Promise<void> {
  const { porg } = await loadModel(deps.db, tenant.id);
  const people = await membersReachedBy(deps.db, tenant.id, address, porg);
  if (people.length === 0) return;
  const links = await act(deps, tenant, null, 'edit_links_ordered', async (trx, line, at) => {
    const out: { name: string; token: string }[] = [];
    // Each new link ends the person's earlier ones (resolveLink honours only the newest).
    for (const p of people) {
      const token = newLinkToken();
      await issueLink(trx, { tenantId: tenant.id, memberId: p.id, source: 'ordered', token, at: new Date(at), sentTo: address });
      out.push({ name: fullname(p), token });
    }
    line.context = 'members';
    line.data = [{ field: 'count', new: people.length }];
    return out;
  });
  const base = publicBase(deps.config, tenant);
  const until = formatFinnishDateTime(iso(new Date(deps.clock.now().getTime() + EDIT_LINK_TTL_MS.ordered)));
  const list = links.map((l) => `${l.name}:\n    ${base}${editMeHashPath(l.token)}`).join('\n\n');
  await deps.mailer.send({
    from: systemFrom(deps.config, tenant),
    to: address,
    subject: `Linkki omien tietojen muokkaamiseen – ${tenant.name}`,
    text:
      `Hei,\n\n` +
      `tähän osoitteeseen pyydettiin linkkiä, jolla voi tarkistaa ja korjata tiedot yhdistyksen ${tenant.name} jäsenrekisterissä. ` +
      (links.length > 1 ? `Osoitteeseen liittyy useampi henkilö, ja jokaisella on oma linkkinsä:\n\n` : `Linkki:\n\n`) +
      `${list}\n\n` +
      `${links.length > 1 ? 'Linkit ovat' : 'Linkki on'} voimassa 24 tuntia (${until} asti), eikä niiden avaamiseen tarvita salasanaa: älä välitä tätä viestiä eteenpäin. ` +
      `Uuden linkin tilaaminen lopettaa aiemman linkin toiminnan.\n\n` +
      `Jos et pyytänyt linkkiä, voit jättää tämän viestin huomiotta.\n`,
  });
}
