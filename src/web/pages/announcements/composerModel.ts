import { smsSanitize } from '../../../shared/finnish/sms';
import type { Filter } from '../../../shared/filter/types';
import type { MessageMedia } from '../../../shared/messages/media';
import { htmlToText } from '../../../shared/messages/fraud';
import type { AnnouncementReply, AnnouncementSaveBody, MessagePreviewBody } from '../../../shared/schemas/messages';
import { normalizeFilter } from '../../../shared/filter/normalize';

// The composer's state and the pure rules around it: what a preview and a save send, when
// the draft has unsaved changes, and turning formatted text into an SMS's plain text.

export interface ComposerDraft {
  subject: string;
  msg_media: MessageMedia;
  /** HTML for email, letter and PDF; plain text for SMS. */
  content: string;
  filter: Filter;
  addrecips: number[];
}

export const EMPTY_DRAFT: ComposerDraft = { subject: '', msg_media: 'email', content: '', filter: [], addrecips: [] };

export const isRich = (media: MessageMedia): boolean => media !== 'sms';

export function draftFromReply(a: Pick<AnnouncementReply, 'subject' | 'msg_media' | 'content' | 'filter' | 'addrecips'>): ComposerDraft {
  // normalizeFilter drops anything malformed, so a stored filter always loads.
  const filter: Filter = normalizeFilter(a.filter ?? []);
  return { subject: a.subject, msg_media: a.msg_media, content: a.content, filter, addrecips: [...a.addrecips] };
}

export function previewBody(d: ComposerDraft): MessagePreviewBody {
  return { msg_media: d.msg_media, subject: d.subject, content: d.content, filter: d.filter, addrecips: d.addrecips };
}

export function saveBody(d: ComposerDraft, id: number | null, send: boolean): AnnouncementSaveBody {
  return { ...previewBody(d), ...(id !== null ? { id } : {}), send };
}

/** Comparable form of a draft, for "unsaved changes". */
export const draftKey = (d: ComposerDraft): string => JSON.stringify([d.subject, d.msg_media, d.content, d.filter, [...d.addrecips].sort((a, b) => a - b)]);

/** Formatted text as an SMS: links written out after their text, paragraphs kept, all formatting dropped. */
export function htmlToSmsText(html: string): string {
  const withUrls = html.replace(/<a\b[^>]*?\bhref\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a\s*>/gi, (_whole, href: string, inner: string) => {
    const text = htmlToText(inner).trim();
    const url = href.replace(/^mailto:/i, '').replace(/&amp;/g, '&');
    return text === '' || text === url || `https://${text}` === url || `http://${text}` === url ? url : `${inner} (${url})`;
  });
  const plain = withUrls
    // List items keep a dash, so a list still reads as one.
    .replace(/<li\b[^>]*>\s*(?:<p\b[^>]*>)?/gi, '\n- ')
    .replace(/(?:<\/p>\s*)?<\/li>/gi, '')
    .replace(/<\/(?:p|h[1-6]|ul|ol)>/gi, '\n\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<(?:p|h[1-6]|ul|ol)\b[^>]*>/gi, '');
  return htmlToText(plain)
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text (an SMS) as editor HTML: blank lines part paragraphs, single line breaks stay. */
export function textToHtml(text: string): string {
  const paragraphs = text.trim().split(/\n{2,}/).filter((p) => p.trim() !== '');
  return paragraphs.map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`).join('');
}

/** An SMS text cut into runs, marking the characters the operator would send as question marks. */
export function smsSegments(text: string): { text: string; unsupported: boolean }[] {
  const chars = Array.from(text);
  const sanitized = Array.from(smsSanitize(text));
  const out: { text: string; unsupported: boolean }[] = [];
  chars.forEach((ch, i) => {
    const unsupported = sanitized[i] !== ch;
    const last = out[out.length - 1];
    if (last && last.unsupported === unsupported) last.text += ch;
    else out.push({ text: ch, unsupported });
  });
  return out;
}
