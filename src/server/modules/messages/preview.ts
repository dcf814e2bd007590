import type { Deps } from '../../deps';
import type { Tenant } from '../../db/schema';
import { TIERS, type Tier } from '../../../shared/constants';
import type { Filter } from '../../../shared/filter/types';
import { SMS_MAX_PARTS, smsInfo, type SmsInfo } from '../../../shared/finnish/sms';
import { fraudFindings, type FraudFinding } from '../../../shared/messages/fraud';
import type { MessageMedia } from '../../../shared/messages/media';
import { messagePrice, type MessageContext, type MessagePrice } from '../../../shared/messages/prices';
import { splitReachable, type Reach } from '../../../shared/messages/reach';
import type { MessagePreviewReply } from '../../../shared/schemas/messages';
import type { Db } from '../../db/kysely';
import { layoutLetter, type LetterLayout } from '../letters/layout';
import { loadModel } from '../members/model';
import { renderEmail } from './email-render';
import { pricesOf } from './price-list';
import { recipients, type Recipient } from './recipients-repo';
import { withOutcomes } from './outcomes';

// A message as it would go out: its recipients and who of them the medium reaches, the
// rendered medium (email, SMS parts, letter pages), the fraud check and the price. Preview
// replies with it; sending computes the very same thing, so the price shown is the price charged.

/** SMS parts one message may take (a longer text is refused). */
/** Announcement letters: one A4 sheet printed on both sides. */
export const ANNOUNCEMENT_LETTER_PAGES = 2;
/** Unreachable recipients listed in a preview (all are counted). */
export const UNREACHABLE_SHOWN = 200;

export interface MessageDraft {
  context: MessageContext;
  media: MessageMedia;
  subject: string;
  content: string;
  filter: Filter | null;
  addrecips: readonly number[];
  /** Recipients must also match this (see RecipientScope.within). */
  within?: Filter | null;
}

export interface PreparedMessage {
  recipients: Recipient[];
  reach: Reach;
  sms?: SmsInfo;
  letter?: LetterLayout;
  email?: { html: string; text: string };
  findings: FraudFinding[];
  fraudulent: boolean;
  price: MessagePrice;
}

export const tierOf = (tenant: Pick<Tenant, 'tier'>): Tier => ((TIERS as readonly string[]).includes(tenant.tier) ? (tenant.tier as Tier) : 'Free');

/** Everything preview shows and send charges, from one pass over the recipients. */
export async function prepareMessage(deps: Pick<Deps, 'dialect' | 'config'>, db: Db, tenant: Tenant, draft: MessageDraft): Promise<PreparedMessage> {
  const model = await loadModel(db, tenant.id);
  const rows = await recipients({ db, dialect: deps.dialect, tenantId: tenant.id, model, filter: draft.filter, addrecips: draft.addrecips, within: draft.within ?? null });
  const list = await withOutcomes(db, tenant.id, rows, draft.media);
  const reach = splitReachable(list, draft.media);
  const n = reach.reachable.length;
  const out: Omit<PreparedMessage, 'price'> = { recipients: list, reach, findings: [], fraudulent: false };
  let counts: { messages: number; smsParts?: number; pages?: number } = { messages: n };
  if (draft.media === 'sms') {
    out.sms = smsInfo(draft.content, SMS_MAX_PARTS);
    counts = { messages: n, smsParts: n * out.sms.parts };
    out.findings = fraudFindings({ subject: draft.subject, text: draft.content });
  } else {
    out.findings = fraudFindings({ subject: draft.subject, html: draft.content });
    if (draft.media === 'email') out.email = renderEmail(draft.content, { webViewUrl: null, associationName: tenant.name });
    else {
      out.letter = await layoutLetter(draft.content, { maxPages: draft.context === 'announcement' ? ANNOUNCEMENT_LETTER_PAGES : 16 });
      // Every recipient gets the same letter; each letter has at least its first page.
      if (draft.media === 'letter') counts = { messages: n, pages: n * Math.max(1, out.letter.pages) };
    }
  }
  out.fraudulent = out.findings.some((f) => f.severity === 'block');
  const price = messagePrice({ context: draft.context, media: draft.media, counts, tier: tierOf(tenant), prices: pricesOf(deps.config) });
  return { ...out, price };
}

/** Keys of the findings that only warn. */
function warningsOf(p: PreparedMessage): string[] {
  const keys = new Set(p.findings.filter((f) => f.severity === 'warn').map((f) => `message_warning_${f.rule}`));
  return [...keys];
}

export function previewReply(p: PreparedMessage): MessagePreviewReply {
  const reply: MessagePreviewReply = {
    recipient_count: p.reach.reachable.length,
    unreachable: p.reach.unreachable.slice(0, UNREACHABLE_SHOWN),
    unreachable_count: p.reach.unreachable.length,
    price: p.price,
    fraudulent_content: p.fraudulent,
    warnings: warningsOf(p),
  };
  if (p.sms) reply.sms = { parts: p.sms.parts, kind: p.sms.kind, unsupported_chars: p.sms.unsupported };
  if (p.letter) reply.letter = p.letter;
  if (p.email) reply.email = p.email;
  return reply;
}

/** Why the prepared message cannot be sent as it is (message keys by field), or null. */
export function sendProblems(draft: MessageDraft, p: PreparedMessage): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: string) => (errors[field] ??= []).push(key);
  if (draft.media !== 'sms' && draft.subject.trim() === '') add('subject', '_validation_field_required');
  if (draft.content.trim() === '') add('content', '_validation_field_required');
  if (p.sms?.kind === 'too_long') add('content', 'sms_too_long');
  if (p.letter) {
    for (const key of p.letter.problems) add('content', key);
    if (p.letter.unsupported_chars.length > 0) add('content', 'letter_unsupported_chars');
  }
  if (p.reach.reachable.length === 0) add('general', 'message_no_recipients');
  return Object.keys(errors).length > 0 ? errors : null;
}
