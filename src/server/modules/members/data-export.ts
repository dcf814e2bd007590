import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { NotFound } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { valueToText } from '../../../shared/fields/values';
import type { Field } from '../../../shared/fields/types';
import type { LogDatum } from '../log/repo';
import { loadModel } from './model';
import { fullname } from './present';
import * as repo from './repo';
import * as x from './data-export-repo';

// A person's data export (GDPR Art. 15, the right of access): everything the register holds
// about one member, in the same places the erasure reaches (erase-repo.ts), as one object
// with stable English keys. The JSON download is this object; the PDF is drawn from it
// (data-export-pdf.ts). Secrets never enter it: no password hash, TOTP secret or token.

export const DATA_EXPORT_FORMAT_VERSION = 1;

export interface ExportField {
  name: string;
  label: string;
  type: string;
  /** As the form shows it (dates d.M.yyyy, a dropdown's label, checkbox Kyllä/Ei); null when empty. */
  value: string | null;
}

export interface ExportChange {
  field: string;
  label: string;
  old: unknown;
  new: unknown;
}

export type DataExport = Awaited<ReturnType<typeof buildDataExport>>;

function shownValue(f: Field, text: string | null, num: number | null): string | null {
  if (f.type === 'checkbox') return num === 1 ? 'Kyllä' : 'Ei';
  if (f.type === 'password') return null;
  if (f.type === 'dropdown' && text !== null) return f.options.find((o) => o.value === text)?.label ?? text;
  return valueToText(f.type, { text, num }) || null;
}

function parseList(raw: string): ExportChange[] {
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    return (v as Partial<LogDatum>[]).map((d) => ({ field: String(d.field ?? ''), label: String(d.label ?? d.field ?? ''), old: d.old ?? null, new: d.new ?? null }));
  } catch {
    return [];
  }
}

const name = (r: { author_firstname: string | null; author_lastname: string | null }): string | null =>
  r.author_firstname === null ? null : fullname({ firstname: r.author_firstname, lastname: r.author_lastname ?? '' });

/** Whether a value names the person (one of their addresses or their full name). */
function names(v: unknown, terms: readonly string[]): boolean {
  const s = (typeof v === 'string' ? v : JSON.stringify(v ?? '')).toLowerCase();
  return terms.some((t) => s.includes(t));
}

export async function buildDataExport(deps: Deps, tenant: Tenant, id: number) {
  const m = await repo.findById(deps.db, tenant.id, id);
  if (!m) throw new NotFound();
  return exportOf(deps, tenant, m);
}

async function exportOf(deps: Deps, tenant: Tenant, m: Member) {
  const db = deps.db;
  const t = tenant.id;
  const model = await loadModel(db, t);
  const [values, security, history, groups, deliveries, contacts, instances, claims, files, log, links, cards, sessions] = await Promise.all([
    repo.valuesOf(db, t, [m.id]),
    x.mfaStateOf(db, t, m.id),
    x.historyOf(db, t, m.id),
    x.groupNamesOf(db, t, m.id),
    x.deliveriesOf(db, t, m.id),
    x.contactStatesOf(db, t, m.id),
    x.invoiceInstancesOf(db, t, m.id),
    x.claimsOf(db, t, m.id),
    x.claimFilesOf(db, t, m.id),
    x.logOf(db, t, m.id),
    x.editLinksOf(db, t, m.id),
    x.memberCardsOf(db, t, m.id),
    x.sessionsOf(db, t, m.id),
  ]);
  const terms = [m.email, m.email_porg1, m.email_porg2, m.phone, fullname(m)].filter((s): s is string => !!s && s.trim() !== '').map((s) => s.toLowerCase());
  const [actions, items, events, naming] = await Promise.all([
    x.invoiceActionsOf(db, t, instances.rows.map((i) => i.id)),
    x.claimItemsOf(db, t, claims.rows.map((c) => c.id)),
    x.claimEventsOf(db, t, claims.rows.map((c) => c.id)),
    x.logNamingOf(db, deps.dialect, t, m.id, terms),
  ]);

  const byField = new Map(values.map((v) => [v.field_id, v]));
  const fields: ExportField[] = [];
  for (const f of model.fields) {
    if (f.type === 'heading') continue;
    if (f.fixed) {
      const raw = m[f.name as keyof Member];
      fields.push({ name: f.name, label: f.label, type: f.type, value: raw === null || raw === undefined || raw === '' ? null : String(raw) });
    } else {
      const v = byField.get(f.id);
      fields.push({ name: f.name, label: f.label, type: f.type, value: v ? shownValue(f, v.value_text, v.value_num) : shownValue(f, null, null) });
    }
  }
  const application = m.application === null && m.applied_at === null ? null : { applied_at: m.applied_at, details: safeJson(m.application) };
  const ownContext = `member:${m.id}`;

  return {
    format_version: DATA_EXPORT_FORMAT_VERSION,
    generated_at: iso(deps.clock.now()),
    association: { name: tenant.name },
    member: {
      member_number: m.id,
      name: fullname(m),
      fields,
      member_since: m.member_since,
      created_at: m.created_at,
      updated_at: m.updated_at,
      state: { pending: m.pending === 1, removed: m.deleted_at !== null, removed_at: m.deleted_at, active: m.active === 1, imported: m.imported === 1 },
      roles: { site_admin: m.site_admin === 1, board: m.board === 1 },
      password_set: m.password_hash !== null,
      mfa: security?.mfa_state === 'set' ? 'on' : 'off',
      last_login_at: security?.last_login_at ?? null,
      sessions: sessions.map((x) => ({ created_at: x.created_at, last_seen_at: x.last_seen_at, ip: x.ip, user_agent: x.user_agent })),
    },
    application,
    history: {
      entries: history.rows.map((h) => ({ at: h.at, author: name(h), context: h.context, changes: parseList(h.data) })),
      truncated: history.truncated,
    },
    groups: groups.map((g) => ({ name: g.name, label: g.label })),
    messages: {
      deliveries: deliveries.rows.map((d) => ({ kind: d.kind, subject: d.subject, medium: d.medium, address: d.address, status: d.status, created_at: d.created_at, status_at: d.status_at, sent_at: d.sent_at })),
      truncated: deliveries.truncated,
    },
    contact_states: contacts.map((c) => ({ medium: c.medium, address: c.address, outcome: c.outcome, at: c.at })),
    invoices: {
      instances: instances.rows.map((i) => ({
        kind: i.kind,
        invoice_number: i.invoice_number,
        reference: i.reference,
        subject: i.subject ?? '',
        invoice_date: i.invoice_date,
        date_due: i.date_due,
        recipient_name: i.recipient_name,
        recipient_address: i.recipient_address,
        recipient_email: i.recipient_email,
        amount_c: i.amount_c,
        paid_c: i.paid_c,
        credited_c: i.credited_c,
        mark: i.mark,
        actions: actions
          .filter((a) => a.instance_id === i.id)
          .map((a) => ({
            action_type: a.action_type,
            amount_c: a.amount_c,
            pay_date: a.pay_date,
            payer_name: a.payer_name,
            date_due: a.date_due,
            comment: a.comment,
            created_at: a.created_at,
            bank_payment:
              a.bank_booking_date === null
                ? null
                : { booking_date: a.bank_booking_date, amount_c: a.bank_amount_c, payer_name: a.bank_payer_name, reference: a.bank_reference, message: a.bank_message },
          })),
      })),
      truncated: instances.truncated,
    },
    expense_claims: {
      claims: claims.rows.map((c) => ({
        id: c.id,
        status: c.status,
        description: c.description,
        amount_c: c.amount_c,
        name: c.person_name,
        account: c.person_account_number,
        date_min: c.date_min,
        date_max: c.date_max,
        created_at: c.created_at,
        date_accepted: c.date_accepted,
        date_rejected: c.date_rejected,
        rejection_reason: c.rejection_reason,
        date_paid: c.date_paid,
        items: items.filter((it) => it.claim_id === c.id).map(({ claim_id: _, ...it }) => it),
        events: events.filter((e) => e.claim_id === c.id).map(({ claim_id: _, ...e }) => e),
      })),
      // Receipts by name and size, also those not attached to a claim yet.
      files: files.map((f) => ({ claim_id: f.claim_id, filename: f.filename, mime: f.mime, bytes: f.bytes, created_at: f.created_at })),
      truncated: claims.truncated,
    },
    log: {
      entries: log.rows.map((l) => {
        const about = l.context === ownContext;
        // A line they authored about someone else: what and when, not the other person's data.
        return {
          at: l.at,
          event: l.event,
          about_them: about,
          authored_by_them: l.author_id === m.id,
          author: name(l),
          context: about || !l.context.startsWith('member:') ? l.context : 'member',
          changes: about ? parseList(l.data) : [],
        };
      }),
      // Lines about several people (a bulk edit): only the values that name this person.
      naming_them: naming.rows
        .map((l) => ({ at: l.at, event: l.event, changes: parseList(l.data).filter((d) => names(d.old, terms) || names(d.new, terms)) }))
        .filter((l) => l.changes.length > 0),
      truncated: log.truncated || naming.truncated,
    },
    edit_links: links.map((l) => ({ source: l.source, sent_to: l.sent_to, created_at: l.created_at, expires_at: l.expires_at, opened_at: l.opened_at, outcome: l.outcome, outcome_at: l.outcome_at })),
    member_cards: cards.map((c) => ({ created_at: c.created_at, valid_until: c.valid_until, opened_at: c.opened_at })),
  };
}

function safeJson(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** `jasentiedot-<id>-<yyyy-mm-dd>` (Helsinki day of the export). */
export function exportFileBase(memberId: number, now: Date): string {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki' }).format(now);
  return `jasentiedot-${String(memberId)}-${day}`;
}
