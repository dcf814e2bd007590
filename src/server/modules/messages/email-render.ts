import sanitizeHtml from 'sanitize-html';
import { Parser } from 'htmlparser2';

// The one email renderer: the outbox sends what it returns and the composer's preview shows
// it, so what preview shows is what is sent. The content is the rich-text editor's HTML;
// anything outside the editor's subset is dropped here, whoever wrote the HTML.

export interface RenderEmailOptions {
  /** The public web-view link of this delivery; null in a preview (no delivery yet). */
  webViewUrl: string | null;
  associationName: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

/** The tags and attributes the editor (tiptap starter-kit + link) produces. */
export const EDITOR_TAGS = ['p', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'br', 'blockquote', 'code', 'pre', 'hr'];

const ALLOWED_HREF = /^(?:https?:\/\/|mailto:|tel:)/i;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: EDITOR_TAGS,
  // target and rel are set by the transform below, never taken from the content.
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Scripts and styles go with their text; other unknown tags keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
  transformTags: {
    // Links open outside the mail client's frame and tell nothing of where they came from.
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      return { tagName, attribs: ALLOWED_HREF.test(href) ? { href, target: '_blank', rel: 'noopener noreferrer' } : {} };
    },
  },
};

/** The content as the editor's HTML subset, every other tag, attribute and URL scheme removed. */
export function sanitizeContent(content: string): string {
  return sanitizeHtml(content, SANITIZE);
}

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'ul', 'ol', 'blockquote', 'pre', 'hr']);

/**
 * The plain-text part of sanitized HTML: paragraphs separated by blank lines, list items as
 * "- " or "1. ", and a link written out as "text (url)" unless its text already is the url.
 */
export function htmlToPlainText(html: string): string {
  let out = '';
  const lists: { ordered: boolean; n: number }[] = [];
  let link: { href: string; text: string } | null = null;
  const write = (s: string) => {
    if (link) link.text += s;
    else out += s;
  };
  const blankLine = () => {
    out = out.replace(/[ \t]+$/, '');
    if (out !== '' && !out.endsWith('\n\n')) out += out.endsWith('\n') ? '\n' : '\n\n';
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (BLOCKS.has(name) && lists.length === 0) blankLine();
        if (name === 'ul' || name === 'ol') lists.push({ ordered: name === 'ol', n: 0 });
        else if (name === 'li') {
          const l = lists[lists.length - 1];
          if (!out.endsWith('\n') && out !== '') out += '\n';
          const indent = '  '.repeat(Math.max(0, lists.length - 1));
          if (l) l.n++;
          out += indent + (l?.ordered ? `${l.n}. ` : '- ');
        } else if (name === 'br') write('\n');
        else if (name === 'a') link = { href: attribs.href ?? '', text: '' };
        else if (name === 'hr') out += '----';
      },
      ontext(text) {
        write(text.replace(/\s+/g, ' '));
      },
      onclosetag(name) {
        if (name === 'a' && link) {
          const { href, text } = link;
          link = null;
          const shown = text.trim();
          const bare = href.replace(/^mailto:|^tel:/, '');
          out += shown === '' ? href : shown === href || shown === bare || href === '' ? text : `${text} (${href})`;
        } else if (name === 'ul' || name === 'ol') {
          lists.pop();
          if (lists.length === 0) blankLine();
        } else if (BLOCKS.has(name) && lists.length === 0) blankLine();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out
    .split('\n')
    .map((l) => l.replace(/^ +(?![-\d])/, '').replace(/ +$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

// Inline styles only: many mail clients drop <style> blocks.
const BODY_STYLE = 'margin:0;padding:0;background:#ffffff;';
const MAIN_STYLE = 'max-width:640px;margin:0 auto;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;';
const FOOTER_STYLE = 'max-width:640px;margin:24px auto 0;padding:12px 16px;border-top:1px solid #cccccc;font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:1.4;color:#4a4a4a;';

/** The email's HTML and plain-text parts, with a footer naming the association and the web-view link. */
export function renderEmail(content: string, opts: RenderEmailOptions): RenderedEmail {
  const body = sanitizeContent(content);
  const name = opts.associationName;
  const footerHtml = [
    `<p style="margin:0 0 4px;">${escapeHtml(name)}</p>`,
    opts.webViewUrl
      ? `<p style="margin:0;"><a href="${escapeHtml(opts.webViewUrl)}" target="_blank" rel="noopener noreferrer">Avaa viesti selaimessa</a></p>`
      : '',
  ].join('');
  const html =
    '<!DOCTYPE html><html lang="fi"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(name)}</title></head>` +
    `<body style="${BODY_STYLE}"><div style="${MAIN_STYLE}">${body}</div>` +
    `<div style="${FOOTER_STYLE}">${footerHtml}</div></body></html>`;
  const footerText = ['--', name, ...(opts.webViewUrl ? [`Avaa viesti selaimessa: ${opts.webViewUrl}`] : [])].join('\n');
  const main = htmlToPlainText(body);
  const text = `${main === '' ? '' : `${main}\n\n`}${footerText}\n`;
  return { html, text };
}
