import crypto from 'node:crypto';

// The small server-rendered pages of message web views: the message as its recipient sees it,
// and a Finnish "not found" page. No scripts, no outside resources: the CSP allows only the
// page's own inline style (by hash), so even content that got past the sanitizer cannot run.

const STYLE = [
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a1b1e;background:#f8f9fa}',
  'main{max-width:42rem;margin:0 auto;padding:1.5rem 1rem 3rem;background:#fff;min-height:100vh;box-sizing:border-box}',
  '.from{color:#495057;margin:0 0 .5rem}',
  'h1{font-size:1.6rem;line-height:1.25;margin:0 0 1.25rem}',
  'a{color:#1864ab}',
  'a:focus-visible{outline:3px solid #1864ab;outline-offset:2px}',
  '.body{overflow-wrap:anywhere}',
].join('');

const STYLE_HASH = crypto.createHash('sha256').update(STYLE).digest('base64');

export const WEB_VIEW_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="fi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The message page. `contentHtml` must already be sanitized. */
export function messagePage(opts: { associationName: string; subject: string; contentHtml: string }): string {
  const heading = opts.subject || 'Viesti';
  return page(
    `${heading} – ${opts.associationName}`,
    `<p class="from">${escapeHtml(opts.associationName)}</p>\n<h1>${escapeHtml(heading)}</h1>\n<div class="body">${opts.contentHtml}</div>`,
  );
}

export function notFoundPage(): string {
  return page(
    'Viestiä ei löytynyt',
    '<h1>Viestiä ei löytynyt</h1>\n<p>Linkki on virheellinen tai vanhentunut, tai viesti on poistettu. Tarkista, että kopioit linkin kokonaan.</p>',
  );
}
