import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { normalizeIban } from '../../../shared/finnish/iban';
import { publicBase } from '../../lib/publicUrl';
import { systemFrom } from '../mail/from';
import * as members from '../members/repo';
import type { Claim, Item } from './repo';

// The emails of expense claims: the claimant's confirmation of a saved claim, the site admins'
// notice of a new one (setting eclaim_notify), and the claimant's notice of every status
// change, comment and payment. Sent after the change is committed; a failed mail never undoes it.

const STATUS_TEXT: Record<Claim['status'], string> = {
  pending: 'odottaa käsittelyä',
  accepted: 'hyväksytty, odottaa maksua',
  rejected: 'hylätty',
  paid: 'maksettu',
};
const TYPE_TEXT: Record<Item['type'], string> = { receipt: 'Kuitti', km: 'Kilometrikorvaus', per_diem: 'Päiväraha' };

export const claimUrl = (deps: Deps, tenant: Tenant, id: number): string => `${publicBase(deps.config, tenant)}/expenseclaim/${String(id)}`;

function itemLine(it: Item): string {
  const what = it.type === 'km' ? `${(it.km ?? '').replace('.', ',')} km, ${it.location ?? ''}` : it.type === 'per_diem' ? (it.location ?? '') : it.description;
  return `- ${formatFinnishDate(it.date)} ${TYPE_TEXT[it.type]}: ${what} – ${formatAmount(it.amount_c)}`;
}

async function send(deps: Deps, tenant: Tenant, to: string | null, subject: string, text: string): Promise<void> {
  if (!to) return;
  try {
    await deps.mailer.send({ from: systemFrom(deps.config, tenant), to, subject, text });
  } catch {
    // The change is saved and logged; the claimant sees it in the register.
  }
}

async function claimantEmail(deps: Deps, tenant: Tenant, claim: Claim): Promise<string | null> {
  const m = await members.findById(deps.db, tenant.id, claim.person_id);
  return m && m.deleted_at === null ? m.email : null;
}

/** After a save: the claimant's confirmation, and with eclaim_notify the site admins' notice of a new claim. */
export async function sendSaved(deps: Deps, tenant: Tenant, claim: Claim, items: readonly Item[], created: boolean, notifyAdmins: boolean): Promise<void> {
  const lines = items.map(itemLine).join('\n');
  const summary = `${claim.description}\n\n${lines}\n\nYhteensä ${formatAmount(claim.amount_c)}\nMaksetaan tilille ${normalizeIban(claim.person_account_number)}`;
  await send(
    deps,
    tenant,
    await claimantEmail(deps, tenant, claim),
    `${created ? 'Kulukorvaushakemus vastaanotettu' : 'Kulukorvaushakemusta muutettu'} – ${tenant.name}`,
    `Hei ${claim.person_name},\n\n${created ? 'hakemuksesi on vastaanotettu' : 'hakemuksesi muutokset on tallennettu'} (nro ${String(claim.id)}):\n\n${summary}\n\nSaat sähköpostia, kun hakemus on käsitelty.\n`,
  );
  if (!created || !notifyAdmins) return;
  for (const a of await members.listSiteAdmins(deps.db, tenant.id)) {
    await send(
      deps,
      tenant,
      a.email,
      `Uusi kulukorvaushakemus: ${claim.person_name} – ${tenant.name}`,
      `Hei ${a.firstname},\n\n${claim.person_name} lähetti kulukorvaushakemuksen (${formatAmount(claim.amount_c)}):\n\n${summary}\n\nKäsittele hakemus: ${claimUrl(deps, tenant, claim.id)}\n`,
    );
  }
}

/** A status change or a comment, told to the claimant. */
export async function sendChange(deps: Deps, tenant: Tenant, claim: Claim, change: { status?: Claim['status']; comment: string }): Promise<void> {
  const head = change.status
    ? `Kulukorvaushakemuksesi (nro ${String(claim.id)}, ${formatAmount(claim.amount_c)}) tila on nyt: ${STATUS_TEXT[change.status]}.`
    : `Kulukorvaushakemukseesi (nro ${String(claim.id)}, ${formatAmount(claim.amount_c)}) on lisätty kommentti.`;
  const comment = change.comment ? `\n\nKommentti:\n${change.comment}` : '';
  await send(
    deps,
    tenant,
    await claimantEmail(deps, tenant, claim),
    `${change.status ? `Kulukorvaushakemus ${STATUS_TEXT[change.status]}` : 'Kommentti kulukorvaushakemukseesi'} – ${tenant.name}`,
    `Hei ${claim.person_name},\n\n${head}${comment}\n\nHakemus: ${claimUrl(deps, tenant, claim.id)}\n`,
  );
}

/** A payment batch, told to the claimant. */
export async function sendPaid(deps: Deps, tenant: Tenant, sample: Claim, count: number, amountC: number): Promise<void> {
  await send(
    deps,
    tenant,
    await claimantEmail(deps, tenant, sample),
    `Kulukorvaukset maksettu – ${tenant.name}`,
    `Hei ${sample.person_name},\n\n${String(count)} hyväksyttyä kulukorvaushakemustasi on merkitty maksetuiksi, yhteensä ${formatAmount(amountC)}, tilille ${normalizeIban(sample.person_account_number)}.\n`,
  );
}
