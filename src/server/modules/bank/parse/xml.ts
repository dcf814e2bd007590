import { Parser } from 'htmlparser2';
import { StatementError } from '../types';

// A small element tree for ISO 20022 statements, read with htmlparser2 in XML mode (already a
// dependency; fast-xml-parser is not installed). htmlparser2 is forgiving, so well-formedness is
// enforced here: a DOCTYPE (and with it every entity definition, the XML bomb) is refused before
// parsing, entities are never expanded beyond the five predefined ones, and unclosed or
// mismatched tags, text outside the root and a second root make the file unreadable.

export interface XmlNode {
  /** Local name, namespace prefix removed. */
  name: string;
  /** Namespace prefix as written ('' for none). */
  prefix: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
  line: number;
}

const MAX_DEPTH = 64;

function lineAt(src: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < src.length; i++) if (src.charCodeAt(i) === 10) line++;
  return line;
}

const unreadable = (src: string, index: number) => new StatementError('bank_file_unreadable', { line: String(lineAt(src, index)) });

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export function readXml(src: string): XmlNode {
  const doctype = /<!DOCTYPE|<!ENTITY/i.exec(src);
  if (doctype) throw unreadable(src, doctype.index);

  const root: XmlNode = { name: '#document', prefix: '', attrs: {}, children: [], text: '', line: 1 };
  const stack: XmlNode[] = [root];
  let failure: StatementError | null = null;
  let inCdata = false;
  let ending = false;
  const explicitCloses = new Set<number>();
  let line = 1;
  let scanned = 0;
  // Lines are counted incrementally: the parser only moves forward.
  const lineOf = (index: number) => {
    for (; scanned < index && scanned < src.length; scanned++) if (src.charCodeAt(scanned) === 10) line++;
    return line;
  };
  const fail = (index: number) => {
    failure ??= new StatementError('bank_file_unreadable', { line: String(lineOf(index)) });
  };

  const parser: Parser = new Parser(
    {
      onopentag(name, attrs) {
        const parent = stack[stack.length - 1]!;
        if (parent === root && root.children.length > 0) fail(parser.startIndex);
        if (stack.length > MAX_DEPTH) fail(parser.startIndex);
        const colon = name.indexOf(':');
        const node: XmlNode = { name: localName(name), prefix: colon > 0 ? name.slice(0, colon) : '', attrs, children: [], text: '', line: lineOf(parser.startIndex) };
        parent.children.push(node);
        stack.push(node);
      },
      onclosetag(name, isImplied) {
        const node = stack.pop();
        // htmlparser2 closes a self-closing tag "implied", and also an element left open before
        // a mismatched end tag or the end of input: only the first is XML.
        const selfClosing = isImplied && !ending && src[parser.endIndex] === '>' && src[parser.endIndex - 1] === '/';
        if ((isImplied && !selfClosing) || !node || node === root || node.name !== localName(name)) fail(parser.endIndex);
        if (!isImplied) explicitCloses.add(parser.endIndex);
      },
      ontext(text) {
        const node = stack[stack.length - 1]!;
        if (node === root) {
          if (text.trim() !== '') fail(parser.startIndex);
          return;
        }
        // CDATA is literal: escaped here so that decoding below gives it back as it was.
        if (inCdata) {
          node.text += text.replace(/&/g, '&amp;');
          return;
        }
        // Only the five predefined entities and character references are decoded; anything
        // else ("&foo;") is not XML without a DTD, and a bare "<" is never text.
        if (text.includes('<') || /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(text)) fail(parser.startIndex);
        node.text += text;
      },
      oncdatastart() {
        inCdata = true;
      },
      oncdataend() {
        inCdata = false;
      },
      onprocessinginstruction(name) {
        if (name.toLowerCase() === '!doctype') fail(parser.startIndex);
      },
      onerror() {
        fail(parser.startIndex);
      },
    },
    { xmlMode: true, decodeEntities: false },
  );
  parser.write(src);
  ending = true;
  parser.end();
  if (failure) throw failure;
  // An end tag of no open element is skipped by htmlparser2; in XML it is an error.
  const visible = src.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, (m) => m.replace(/[^\n]/g, ' '));
  for (const m of visible.matchAll(/<\/[^>]*>/g)) {
    if (!explicitCloses.has(m.index + m[0].length - 1)) throw unreadable(src, m.index);
  }
  if (stack.length !== 1 || root.children.length !== 1) throw unreadable(src, src.length);
  decodeTree(root.children[0]!);
  return root.children[0]!;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) => {
    if (!e.startsWith('#')) return NAMED[e]!;
    const cp = e.startsWith('#x') ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    // A reference to no character (or NUL) is not XML; it becomes the replacement character.
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd';
  });
}

function decodeTree(node: XmlNode): void {
  const pending = [node];
  while (pending.length) {
    const n = pending.pop()!;
    n.text = decode(n.text);
    for (const k of Object.keys(n.attrs)) n.attrs[k] = decode(n.attrs[k]!);
    pending.push(...n.children);
  }
}

/** The first descendant along a path of local names, e.g. child(tx, 'Refs', 'AcctSvcrRef'). */
export function child(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let cur = node;
  for (const name of path) {
    cur = cur?.children.find((c) => c.name === name);
    if (!cur) return undefined;
  }
  return cur;
}

export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

/** Trimmed text at a path, or '' when absent. */
export function textAt(node: XmlNode | undefined, ...path: string[]): string {
  return child(node, ...path)?.text.trim() ?? '';
}
