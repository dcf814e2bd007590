import { XMLParser, XMLValidator, type EntityDecoderOptions } from 'fast-xml-parser';
import { StatementError } from '../types';

// ISO 20022 statements are read with fast-xml-parser (the stack's XML library), called so that a
// hostile file is harmless: a DOCTYPE (and with it every entity definition, the
// XML bomb, external entities) is refused before the library sees the file; XMLValidator
// refuses anything not well-formed, with its line; an entity reference other than the five
// predefined ones or a character reference is refused; and the parser decodes only those (its
// decoder below never learns a declared entity), caps nesting and keeps every value a string.

/**
 * An element as the parser gives it: child elements by local name (a list for REPEATING ones,
 * else a list only when the file repeats them), attributes as '@_name', text as '#text'.
 */
export type XmlNode = { readonly [key: string | symbol]: unknown };

export interface XmlDoc {
  /** Local name of the root element. */
  name: string;
  /** The namespace the root element's own prefix (or the default) names; '' when none. */
  namespace: string;
  root: XmlNode;
  /** The file is unreadable at the line where this element starts. */
  unreadable(node: XmlNode | undefined): StatementError;
}

const MAX_DEPTH = 64;
const REPEATING = new Set(['Ntfctn', 'Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'AddtlRmtInf']);
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    if (!e.startsWith('#')) return NAMED[e]!;
    const cp = e.startsWith('#x') ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    // A reference to no character (or NUL) is not XML; it becomes the replacement character.
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd';
  });
}

// The library's own decoder leaves character references undecoded unless HTML entities are on;
// this one knows exactly XML's predefined entities and character references, and nothing else.
const predefinedOnly: EntityDecoderOptions = {
  decode,
  reset() {},
  setXmlVersion() {},
  setExternalEntities() {},
  addInputEntities() {},
};

const parser = new XMLParser({
  ignoreAttributes: false,
  removeNSPrefix: true,
  // Amounts and references stay text: never floats, leading zeros kept.
  parseTagValue: false,
  parseAttributeValue: false,
  // Text is kept as written (CDATA next to text included); the reader trims what it reads.
  trimValues: false,
  alwaysCreateTextNode: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Entities go through predefinedOnly; the DTD limits are moot (a DOCTYPE never gets this far) but kept tight.
  processEntities: { enabled: true, maxEntityCount: 1, maxEntitySize: 1 },
  entityDecoder: predefinedOnly,
  isArray: (name) => REPEATING.has(name),
  // Callbacks get the live path matcher, not a path string built for every element (a third of the parse time).
  jPath: false,
  maxNestedTags: MAX_DEPTH,
  // The start index of each element, for the line of an error found after parsing.
  captureMetaData: true,
});
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

function lineAt(src: string, index: number): number {
  let line = 1;
  for (let i = src.indexOf('\n'); i !== -1 && i < index; i = src.indexOf('\n', i + 1)) line++;
  return line;
}

const unreadableAt = (line: number) => new StatementError('bank_file_unreadable', { line: String(line) });

// Outside comments and CDATA, what the validator lets through but XML without a DTD is not: an
// entity reference that is not predefined, and a markup declaration ("<!foo>", which the parser
// would take for an element left open).
const NOT_XML = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<!|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/g;

// The parser drops namespace declarations when it removes prefixes, so the root's own one is read
// from its start tag (already validated as well-formed).
const START_TAG = /<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)/y;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function namespaceAt(body: string, index: number): string {
  START_TAG.lastIndex = index;
  const m = START_TAG.exec(body);
  if (!m) return '';
  const colon = m[1]!.indexOf(':');
  const declaration = colon > 0 ? `xmlns:${m[1]!.slice(0, colon)}` : 'xmlns';
  for (const a of m[2]!.matchAll(ATTRIBUTE)) if (a[1] === declaration) return decode(a[2] ?? a[3] ?? '');
  return '';
}

export function readXml(src: string): XmlDoc {
  const doctype = /<!DOCTYPE|<!ENTITY/i.exec(src);
  if (doctype) throw unreadableAt(lineAt(src, doctype.index));
  // Blank space before the declaration is tolerated (the validator would not); lines stay the file's.
  const lead = src.search(/\S|$/);
  const body = src.slice(lead);
  const lineOf = (index: number) => lineAt(src, lead + index);

  const valid = XMLValidator.validate(body);
  if (valid !== true) throw unreadableAt(lineAt(src, lead) - 1 + valid.err.line);
  for (const m of body.matchAll(NOT_XML)) if (m[0] === '&' || m[0] === '<!') throw unreadableAt(lineOf(m.index));

  let tree: Record<string, unknown>;
  try {
    tree = parser.parse(body) as Record<string, unknown>;
  } catch {
    // Validated XML only fails here past the nesting cap or on an element named like an object
    // internal (__proto__, constructor: never in a statement); the library does not say where.
    throw unreadableAt(lineOf(0));
  }
  const startOf = (node: XmlNode | undefined) => (node?.[META] as { startIndex?: number } | undefined)?.startIndex ?? 0;
  // The validator lets a second, self-closing root through.
  const roots = Object.keys(tree)
    .filter((k) => k !== '#text')
    .flatMap((k) => list(tree[k]).map((node) => ({ name: k, node })));
  if (roots.length !== 1) throw unreadableAt(lineOf(roots.map((r) => startOf(r.node)).sort((a, b) => a - b)[1] ?? 0));
  const { name, node: root } = roots[0]!;
  return {
    name,
    namespace: namespaceAt(body, startOf(root)),
    root,
    unreadable: (node) => unreadableAt(lineOf(startOf(node))),
  };
}

const list = (v: unknown): XmlNode[] => (v === undefined ? [] : ((Array.isArray(v) ? v : [v]) as XmlNode[]));

/** The first descendant along a path of local names, e.g. child(tx, 'Refs', 'AcctSvcrRef'). */
export function child(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let cur = node;
  for (const name of path) {
    cur = cur && typeof cur === 'object' && Object.hasOwn(cur, name) ? list(cur[name])[0] : undefined;
    if (!cur) return undefined;
  }
  return cur;
}

export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  return node && typeof node === 'object' && Object.hasOwn(node, name) ? list(node[name]) : [];
}

/** An element's own text as written (CDATA included, entities decoded), untrimmed. */
export function textOf(node: XmlNode | undefined): string {
  const t: unknown = typeof node === 'string' ? node : node?.['#text'];
  return typeof t === 'string' ? t : '';
}

/** Trimmed text at a path, or '' when absent. */
export function textAt(node: XmlNode | undefined, ...path: string[]): string {
  return textOf(child(node, ...path)).trim();
}

export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const v = node?.[`@_${name}`];
  return typeof v === 'string' ? v : undefined;
}
