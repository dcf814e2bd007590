/**
 * Phishing patterns that flag a message as fraudulent_content. Pure: no DOM, so the same
 * rules run in the server's preview and in the browser. Each finding names its rule and
 * the snippet or host that triggered it, so the UI can say why a message was refused.
 */

export type FraudRule = 'credentials_request' | 'link_domain_mismatch' | 'url_shortener';

/**
 * `block`: refuses the send (and blocks the association's messaging). `warn`: shown to the
 * writer but sent: asking for a password or a personal identity code has honest uses in
 * association mail (a login guide, a travel insurance form), bank and card codes do not.
 */
export type FraudSeverity = 'block' | 'warn';

export interface FraudFinding {
  rule: FraudRule;
  severity: FraudSeverity;
  /** The words, link text or href that triggered the rule, as written. */
  snippet: string;
  /** The offending host, for the link rules. */
  host?: string;
}

export interface FraudInput {
  subject: string;
  html?: string;
  text?: string;
}

const SHORTENERS = new Set([
  'bit.ly', 'bitly.com', 'tinyurl.com', 't.co', 'goo.gl', 'ow.ly', 'is.gd', 'buff.ly', 'cutt.ly',
  'rb.gy', 'shorturl.at', 'tiny.cc', 't.ly', 'rebrand.ly', 's.id', 'v.gd', 'bl.ink', 'shorte.st',
  'adf.ly', 'lnkd.in', 'soo.gd', 'clck.ru', 'qr.ae', 'tr.im', 'x.co', 'short.io', 'urlz.fr',
]);

// Public suffixes below which one label is one site (a small list: the common two-level
// country suffixes and hosting platforms where each subdomain belongs to someone else).
const MULTI_LABEL_SUFFIXES = new Set([
  'co.uk', 'org.uk', 'ac.uk', 'gov.uk', 'me.uk', 'com.au', 'net.au', 'org.au', 'co.nz', 'com.br',
  'co.jp', 'co.za', 'com.tr', 'com.cn', 'com.mx', 'co.in', 'github.io', 'gitlab.io', 'netlify.app',
  'vercel.app', 'pages.dev', 'web.app', 'firebaseapp.com', 'herokuapp.com', 'blogspot.com',
  'wordpress.com', 'wixsite.com', 'azurewebsites.net', 'glitch.me', 'ngrok.io', 'ngrok-free.app',
]);

// A bare "word.word" in text is only taken for a domain when it ends in one of these;
// otherwise "kuva.jpg" or a missing space after a full stop would look like a link.
const COMMON_TLDS = new Set([
  'fi', 'ax', 'se', 'no', 'dk', 'is', 'ee', 'de', 'eu', 'uk', 'fr', 'nl', 'be', 'ch', 'at', 'es',
  'it', 'pl', 'ru', 'lt', 'lv', 'us', 'ca', 'au', 'io', 'me', 'tv', 'cc', 'co', 'ly', 'gl', 'gd',
  'id', 'com', 'net', 'org', 'info', 'biz', 'app', 'dev', 'xyz', 'top', 'online', 'site', 'shop',
  'link', 'click',
]);

const UNSAFE_SCHEMES = /^\s*(javascript|data|vbscript):/i;

// ── Text helpers ──────────────────────────────────────────────────────────────────────

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', auml: 'ä', ouml: 'ö', aring: 'å',
  Auml: 'Ä', Ouml: 'Ö', Aring: 'Å', euro: '€', shy: '',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code.startsWith('#')) {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    return NAMED_ENTITIES[code] ?? whole;
  });
}

/** Visible text of an HTML fragment: scripts, styles and comments dropped, block ends as line breaks. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<\/?(p|div|br|li|tr|td|th|h[1-6]|table|ul|ol|blockquote|hr)\b[^>]*>/gi, '\n')
      // Inline tags join their text: <span>nordea</span>.fi reads as nordea.fi.
      .replace(/<[^>]*>/g, ''),
  );
}

/**
 * Lower case with accents removed, one character for one so that positions in the folded
 * text are positions in the original (ä → a, å → a, é → e).
 */
function fold(s: string): string {
  let out = '';
  for (const ch of s) {
    const f = ch.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
    out += f.length === ch.length ? f : ch;
  }
  return out;
}

// ── Rule: asks for bank or login credentials ─────────────────────────────────────────

// Requests only: imperatives and "by doing" forms, not "we send" (lähetämme, skickar).
const FI_VERBS = [
  'syota', 'syotathan', 'syottakaa', 'syottamalla', 'syottamaan',
  'anna', 'annathan', 'antakaa', 'antamalla', 'antamaan',
  'laheta', 'lahetathan', 'lahettakaa', 'lahettamalla', 'lahettamaan',
  'vahvista', 'vahvistathan', 'vahvistakaa', 'vahvistamalla', 'vahvistamaan',
  'paivita', 'paivitathan', 'paivittakaa', 'paivittamalla', 'paivittamaan',
];
const SV_VERBS = ['ange', 'uppge', 'fyll i', 'skriv in', 'bekrafta', 'uppdatera', 'skicka', 'verifiera', 'lamna'];
const EN_VERBS = ['enter', 're-enter', 'confirm', 'verify', 'update', 'provide', 'send', 'submit', 'type in', 'validate', 'reply with', 'share'];

const CREDENTIAL_TERMS = [
  // Finnish (matched anywhere in a word, so compounds and case endings count)
  'pankkitunnu', 'pankkitunnisteet', 'verkkopankin tunnu', 'tunnuslu', 'salasan', 'pin-koodi', 'pin-luku',
  'luottokortin numer', 'luottokorttinumer', 'kortin numer', 'kortinnumer', 'korttinumer', 'turvakoodi',
  'henkilotunnu', 'kayttajatunnus ja salasan',
  // Swedish
  'bankkod', 'natbankskod', 'inloggningsuppgift', 'losenord', 'pinkod', 'pin-kod',
  'kortnummer', 'kreditkortsnummer', 'sakerhetskod', 'personnummer', 'personbeteckning',
  // English
  'password', 'passcode', 'bank credential', 'banking credential', 'bank login', 'login details', 'login credential', 'card number', 'credit card', 'security code',
  'social security number',
];
// Requests for these are warnings, not blocks (see FraudSeverity); folded, as matched.
const WARN_TERMS = [
  'salasan', 'henkilotunnu', 'kayttajatunnus ja salasan', 'inloggningsuppgift', 'losenord', 'personnummer', 'personbeteckning',
  'password', 'passcode', 'login details', 'login credential', 'social security number',
];
// Short terms only as whole words ("pin" is not "pinta").
const CREDENTIAL_WORDS = ['pin', 'cvv', 'cvc', 'cvv2'];

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
const NOT_LETTER_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_LETTER_AFTER = '(?![\\p{L}\\p{N}])';

const VERB_RE = new RegExp(
  `${NOT_LETTER_BEFORE}(${[...FI_VERBS, ...SV_VERBS, ...EN_VERBS].map(esc).join('|')})${NOT_LETTER_AFTER}`,
  'gu',
);
const TERM_RE = new RegExp(
  `(${CREDENTIAL_TERMS.map(esc).join('|')})|${NOT_LETTER_BEFORE}(${CREDENTIAL_WORDS.join('|')})${NOT_LETTER_AFTER}`,
  'gu',
);
// A warning just before the verb ("älä koskaan anna tunnuslukujasi", "we never ask you to
// enter your password") is no request.
const NEGATION_RE = new RegExp(
  `${NOT_LETTER_BEFORE}(ala|alkaa|emme|ei|koskaan|aldrig|inte|ej|never|not|don't|dont|won't)${NOT_LETTER_AFTER}`,
  'u',
);
const NEGATION_REACH = 30;
// Swedish and English requests look like other forms of the verb: "we'll send you a new
// password", "you can update your password", "kom ihåg att uppdatera lösenordet" are notices.
const NOT_REQUEST_BEFORE =
  /(?:^|\s)(we|we'll|we've|i|i'll|they|it|will|has|have|had|was|been|is|are|can|may|could|vi|kan|ska|kommer att|vill|far|kom ihag att)\s+$/u;
const NOT_REQUEST_AFTER = /^\s+you\b/u;
const FI_VERB_SET = new Set(FI_VERBS);

const MAX_GAP = 80;

function credentialFindings(source: string): FraudFinding[] {
  const folded = fold(source);
  const findings: FraudFinding[] = [];
  // Clauses: a request and its object sit in one sentence.
  const clauseRe = /[^.!?\n;]+(?:[.!?](?!\s|$)[^.!?\n;]*)*/g;
  for (const clause of folded.matchAll(clauseRe)) {
    const text = clause[0];
    const base = clause.index;
    const verbs = [...text.matchAll(VERB_RE)].filter((v) => {
      const before = text.slice(0, v.index);
      if (NEGATION_RE.test(before.slice(-NEGATION_REACH))) return false;
      if (!FI_VERB_SET.has(v[1] ?? '')) {
        if (NOT_REQUEST_BEFORE.test(before)) return false;
        if (NOT_REQUEST_AFTER.test(text.slice(v.index + v[0].length))) return false;
      }
      return true;
    });
    if (verbs.length === 0) continue;
    for (const term of text.matchAll(TERM_RE)) {
      const tStart = term.index;
      const tEnd = tStart + term[0].length;
      const verb = verbs.find((v) => {
        const vEnd = v.index + v[0].length;
        return vEnd <= tStart ? tStart - vEnd <= MAX_GAP : v.index >= tEnd && v.index - tEnd <= MAX_GAP;
      });
      if (!verb) continue;
      const start = Math.min(verb.index, tStart);
      const end = Math.max(verb.index + verb[0].length, tEnd);
      const wordEnd = /^[\p{L}\p{N}-]*/u.exec(text.slice(end))?.[0].length ?? 0;
      findings.push({
        rule: 'credentials_request',
        severity: WARN_TERMS.includes(term[1] ?? '') ? 'warn' : 'block',
        snippet: source.slice(base + start, base + end + wordEnd).replace(/\s+/g, ' ').trim(),
      });
    }
  }
  return findings;
}

// ── Links ─────────────────────────────────────────────────────────────────────────────

// Full URLs, or bare domains ("seura.fi", "www.seura.fi/x") not inside an e-mail address or a path.
const URL_TOKEN_RE =
  /(https?:\/\/[^\s<>"'`]+)|(?<![\p{L}\p{N}@.\-/_])((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+([a-z]{2,24})(?![\p{L}\p{N}\-@])(?::\d{1,5})?([/?#][^\s<>"'`]*)?)/giu;

interface UrlToken {
  raw: string;
  host: string;
}

function hostOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.hostname.replace(/\.$/, '') : undefined;
  } catch {
    return undefined;
  }
}

/** URL-like tokens of plain text, with their hosts. */
export function urlTokens(text: string): UrlToken[] {
  const out: UrlToken[] = [];
  for (const m of text.matchAll(URL_TOKEN_RE)) {
    const raw = m[0].replace(/[.,;:!?)\]'"]+$/, '');
    const full = m[1] !== undefined;
    const host = hostOf(full ? raw : `http://${raw}`);
    if (!host) continue;
    const tld = (m[3] ?? '').toLowerCase();
    const bareOk = raw.toLowerCase().startsWith('www.') || COMMON_TLDS.has(tld) || (isShortener(host) && m[4] !== undefined);
    if (full || bareOk) out.push({ raw, host });
  }
  return out;
}

export function isShortener(host: string): boolean {
  const h = host.toLowerCase();
  for (const s of SHORTENERS) if (h === s || h.endsWith(`.${s}`)) return true;
  return false;
}

/** The part of a host one owner controls: seura.fi for www.seura.fi and jasenet.seura.fi. */
export function registrableDomain(host: string): string {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (/^[\d.]+$/.test(h) || h.startsWith('[')) return h;
  const labels = h.split('.');
  const n = MULTI_LABEL_SUFFIXES.has(labels.slice(-2).join('.')) ? 3 : 2;
  return labels.slice(-n).join('.');
}

interface Anchor {
  href: string;
  text: string;
}

// The text stops at the next <a, so unclosed anchors cost one pass, not one per anchor.
const ANCHOR_RE = /<a\b([^>]*)>((?:(?!<a\b)[\s\S])*?)<\/a\s*>/gi;
const HREF_RE = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

function anchors(html: string): Anchor[] {
  const out: Anchor[] = [];
  for (const m of html.matchAll(ANCHOR_RE)) {
    const href = HREF_RE.exec(m[1] ?? '');
    if (!href) continue;
    out.push({
      href: decodeEntities(href[1] ?? href[2] ?? href[3] ?? '').trim(),
      text: htmlToText(m[2] ?? '').replace(/\s+/g, ' ').trim(),
    });
  }
  return out;
}

function linkFindings(a: Anchor): FraudFinding[] {
  if (UNSAFE_SCHEMES.test(a.href)) {
    return [{ rule: 'link_domain_mismatch', severity: 'block', snippet: a.href.slice(0, 80), host: a.href.split(':')[0]?.trim().toLowerCase() }];
  }
  const hrefHost = hostOf(a.href);
  if (!hrefHost) return []; // mailto:, tel:, anchors and relative links point to no other site
  const findings: FraudFinding[] = [];
  if (isShortener(hrefHost)) findings.push({ rule: 'url_shortener', severity: 'block', snippet: a.href, host: hrefHost });
  const shown = urlTokens(a.text).find((t) => registrableDomain(t.host) !== registrableDomain(hrefHost));
  if (shown) findings.push({ rule: 'link_domain_mismatch', severity: 'block', snippet: a.text, host: hrefHost });
  return findings;
}

// ── Entry points ──────────────────────────────────────────────────────────────────────

/** Every phishing pattern in a message (subject, HTML body and/or plain text), each once. */
export function fraudFindings(input: FraudInput): FraudFinding[] {
  const texts = [input.subject, input.text ?? '', input.html ? htmlToText(input.html) : ''];
  const findings: FraudFinding[] = [];
  for (const t of texts) findings.push(...credentialFindings(t));
  for (const a of input.html ? anchors(input.html) : []) findings.push(...linkFindings(a));
  for (const t of texts) {
    for (const tok of urlTokens(t)) {
      if (isShortener(tok.host)) findings.push({ rule: 'url_shortener', severity: 'block', snippet: tok.raw, host: tok.host });
    }
  }
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = f.rule === 'credentials_request' ? `${f.rule}|${f.snippet.toLowerCase()}` : `${f.rule}|${f.host ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether the message must not be sent: any blocking finding. */
export function isFraudulent(input: FraudInput): boolean {
  return fraudFindings(input).some((f) => f.severity === 'block');
}
