import type { SuggestionReason } from '../../../shared/schemas/bank';
import { isValidReference } from '../../../shared/finnish/reference';
import { isValidRfReference } from '../../../shared/finnish/rf-reference';
import type { ParsedPayment } from './types';

// Matching a statement's payments to the association's invoice instances. Pure: the import
// pipeline loads the instances and the archive ids already seen, this decides. Everything goes
// through indexes built once (reference, invoice number, member, normalised name), so a
// statement of 10 000 payments against 100 000 instances is a few lookups per payment.

/** An instance a payment may go to: open (something left to pay) or paid (exact matches only). */
export interface OpenInstance {
  id: number;
  member_id: number | null;
  invoice_number: number;
  /** Compact reference as stored: national digits, or RF upper-case. */
  reference: string;
  /** The recipient's name as invoiced ("Etunimi Sukunimi"). */
  name: string;
  /** What is still to be paid, cents (0 when paid). */
  open_c: number;
  state: 'open' | 'paid';
}

export interface BookedPart {
  instance_id: number;
  amount_c: number;
}

export interface Matched {
  /** Position of the payment in the statement. */
  index: number;
  payment: ParsedPayment;
  kind: 'exact' | 'combined';
  /** Exact: one part, the whole amount. Combined: one part per instance, its open amount. */
  parts: BookedPart[];
}

export interface Suggested {
  index: number;
  payment: ParsedPayment;
  instance_id: number;
  reason: SuggestionReason;
}

export interface Unmatched {
  index: number;
  payment: ParsedPayment;
}

export interface MatchResult {
  matched: Matched[];
  suggested: Suggested[];
  unmatched: Unmatched[];
  /** Payments whose archive id was seen before (earlier statements, or earlier in this one). */
  duplicates: ParsedPayment[];
}

/** The state an instance's cached sums give it for matching; null when closed (cancelled, credited, a credit invoice). */
export function instanceState(row: {
  kind: 'invoice' | 'credit';
  mark: 'none' | 'paid' | 'cancelled';
  amount_c: number;
  paid_c: number;
  credited_c: number;
}): { state: 'open' | 'paid'; open_c: number } | null {
  if (row.kind === 'credit' || row.mark === 'cancelled') return null;
  if (row.amount_c > 0 && row.credited_c >= row.amount_c) return null;
  if (row.mark === 'paid') return { state: 'paid', open_c: 0 };
  const open = Math.max(0, row.amount_c - row.credited_c - row.paid_c);
  return open > 0 ? { state: 'open', open_c: open } : { state: 'paid', open_c: 0 };
}

/** Comparable form of a reference: compact, RF upper-case, national without leading zeros. */
export function referenceKey(ref: string): string {
  const compact = ref.replace(/\s+/g, '').toUpperCase();
  if (/^\d+$/.test(compact)) return compact.replace(/^0+(?=\d)/, '');
  return compact;
}

/** Whether a payment's reference passes its check (national 7-3-1, or RF mod 97). */
function referenceIsValid(ref: string): boolean {
  const compact = ref.replace(/\s+/g, '').toUpperCase();
  return compact.startsWith('RF') ? isValidRfReference(compact) : isValidReference(compact);
}

/** Comparable form of a person's name: case and extra spaces ignored, word order too ("Sukunimi Etunimi"); accents kept. */
export function nameKey(name: string): string {
  const words = name.normalize('NFC').toLocaleLowerCase('fi').split(/[\s,]+/).filter((w) => w !== '');
  return words.sort().join(' ');
}

/** Variants one digit substitution or one adjacent transposition away (the typos of a reference). */
export function typoVariants(ref: string): string[] {
  const out: string[] = [];
  const chars = ref.split('');
  // An RF reference's letters stay; only its digits vary.
  for (let i = 0; i < chars.length; i++) {
    if (!/\d/.test(chars[i]!)) continue;
    for (let d = 0; d <= 9; d++) {
      const c = String(d);
      if (c === chars[i]) continue;
      out.push(ref.slice(0, i) + c + ref.slice(i + 1));
    }
    const next = chars[i + 1];
    if (next !== undefined && /\d/.test(next) && next !== chars[i]) out.push(ref.slice(0, i) + next + chars[i] + ref.slice(i + 2));
  }
  return out;
}

/**
 * Reference-like strings in a free text: each digit run or RF head, and runs of them separated
 * only by spaces joined together (a reference printed in groups, "12 34561", "RF33 2348 236").
 */
export function textTokens(text: string): { single: string[]; joined: string[] } {
  const single: string[] = [];
  const joined: string[] = [];
  const re = /RF\d{2}|\d+/g;
  const upper = text.toUpperCase();
  let run: string[] = [];
  let lastEnd = -1;
  const flush = () => {
    for (let a = 0; a < run.length; a++) {
      let s = run[a]!;
      for (let b = a + 1; b < run.length && b < a + 8; b++) {
        s += run[b]!;
        if (s.length > 25) break;
        joined.push(s);
      }
    }
    run = [];
  };
  for (let m = re.exec(upper); m !== null; m = re.exec(upper)) {
    const gap = lastEnd < 0 ? null : upper.slice(lastEnd, m.index);
    if (gap === null || !/^ *$/.test(gap)) flush();
    single.push(m[0]);
    run.push(m[0]);
    lastEnd = m.index + m[0].length;
  }
  flush();
  return { single, joined };
}

class Indexes {
  readonly byRef = new Map<string, OpenInstance[]>();
  readonly byNumber = new Map<number, OpenInstance[]>();
  readonly byName = new Map<string, OpenInstance[]>();
  readonly open = new Map<number, number>();

  constructor(instances: readonly OpenInstance[]) {
    for (const i of instances) {
      push(this.byRef, referenceKey(i.reference), i);
      push(this.byNumber, i.invoice_number, i);
      if (i.state === 'open') push(this.byName, nameKey(i.name), i);
      this.open.set(i.id, i.state === 'open' ? i.open_c : 0);
    }
  }

  /** Open amount now (payments earlier in this statement may have settled it). */
  openOf(i: OpenInstance): number {
    return this.open.get(i.id) ?? 0;
  }

  book(i: OpenInstance, amount: number): void {
    this.open.set(i.id, Math.max(0, this.openOf(i) - amount));
  }

  /** Open instances whose reference (or, with numbers, invoice number) the text names. */
  mentioned(text: string, numbers: boolean): OpenInstance[] {
    if (text === '') return [];
    const { single, joined } = textTokens(text);
    const found = new Map<number, OpenInstance>();
    for (const t of [...single, ...joined]) for (const i of this.byRef.get(referenceKey(t)) ?? []) found.set(i.id, i);
    if (numbers) {
      for (const t of single) {
        if (t.length > 15 || t.startsWith('RF')) continue;
        for (const i of this.byNumber.get(Number(t)) ?? []) found.set(i.id, i);
      }
    }
    return [...found.values()].filter((i) => this.openOf(i) > 0);
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

const memberKey = (i: OpenInstance): string => (i.member_id === null ? `n:${nameKey(i.name)}` : `m:${i.member_id}`);

function byMember(list: readonly OpenInstance[]): OpenInstance[][] {
  const groups = new Map<string, OpenInstance[]>();
  for (const i of list) push(groups, memberKey(i), i);
  return [...groups.values()];
}

/** Subsets of 2+ instances whose open amounts sum to the amount: all of them when many, else every subset (12 at most). */
function subsetsSumming(list: readonly OpenInstance[], amount: number, openOf: (i: OpenInstance) => number): OpenInstance[][] {
  if (list.length < 2) return [];
  if (list.length > 12) return list.reduce((s, i) => s + openOf(i), 0) === amount ? [[...list]] : [];
  const out: OpenInstance[][] = [];
  for (let mask = 1; mask < 1 << list.length; mask++) {
    const pick = list.filter((_, k) => (mask & (1 << k)) !== 0);
    if (pick.length >= 2 && pick.reduce((s, i) => s + openOf(i), 0) === amount) out.push(pick);
  }
  return out;
}

function only<T>(list: readonly T[]): T | null {
  return list.length === 1 ? list[0]! : null;
}

/**
 * Matches the statement's payments, in three passes so the surest decisions come first:
 * duplicates and exact references; then combined payments (references in the text, or a
 * payer's name without a reference); then suggestions for the rest, else unmatched.
 */
export function matchPayments(payments: readonly ParsedPayment[], instances: readonly OpenInstance[], known: ReadonlySet<string>): MatchResult {
  const ix = new Indexes(instances);
  const seen = new Set(known);
  const result: MatchResult = { matched: [], suggested: [], unmatched: [], duplicates: [] };
  const rest: { index: number; payment: ParsedPayment }[] = [];

  payments.forEach((payment, index) => {
    if (seen.has(payment.archive_id)) {
      result.duplicates.push(payment);
      return;
    }
    seen.add(payment.archive_id);
    const ref = payment.reference === null ? null : referenceKey(payment.reference);
    const target = ref === null || ref === '' ? undefined : (ix.byRef.get(ref) ?? [])[0];
    if (target) {
      // The whole amount, whatever is open: the status tells paid, underpaid or overpaid.
      ix.book(target, payment.amount_c);
      result.matched.push({ index, payment, kind: 'exact', parts: [{ instance_id: target.id, amount_c: payment.amount_c }] });
    } else rest.push({ index, payment });
  });

  const left: typeof rest = [];
  for (const p of rest) {
    const parts = combined(ix, p.payment);
    if (parts) {
      for (const part of parts) ix.open.set(part.instance_id, 0);
      result.matched.push({ index: p.index, payment: p.payment, kind: 'combined', parts });
    } else left.push(p);
  }

  for (const p of left) {
    const s = suggestion(ix, p.payment);
    if (s) result.suggested.push({ index: p.index, payment: p.payment, instance_id: s.instance.id, reason: s.reason });
    else result.unmatched.push(p);
  }
  result.matched.sort((a, b) => a.index - b.index);
  return result;
}

/** The instances one payment settles together, each for its open amount, or null. */
function combined(ix: Indexes, p: ParsedPayment): BookedPart[] | null {
  const open = (i: OpenInstance) => ix.openOf(i);
  let pick: OpenInstance[] | null = null;
  // References in the text: the payer names exactly the instances paid.
  const mentioned = ix.mentioned(p.message, false);
  if (mentioned.length >= 2) {
    pick = only(byMember(mentioned).filter((g) => g.length >= 2 && g.reduce((s, i) => s + open(i), 0) === p.amount_c));
  }
  // No reference at all: the payer's name, and exactly one set of their open instances adding up.
  if (!pick && p.reference === null && p.payer_name.trim() !== '') {
    const named = (ix.byName.get(nameKey(p.payer_name)) ?? []).filter((i) => open(i) > 0);
    const sets = byMember(named).flatMap((g) => subsetsSumming(g, p.amount_c, open));
    pick = only(sets);
  }
  return pick && pick.map((i) => ({ instance_id: i.id, amount_c: open(i) }));
}

/** A suggestion for a payment that matched nothing for sure: the first rule that gives exactly one instance. */
function suggestion(ix: Indexes, p: ParsedPayment): { instance: OpenInstance; reason: SuggestionReason } | null {
  const open = (i: OpenInstance) => ix.openOf(i);
  const ref = p.reference === null ? '' : p.reference.replace(/\s+/g, '').toUpperCase();
  if (ref !== '' && !referenceIsValid(ref)) {
    const near = new Map<number, OpenInstance>();
    for (const v of typoVariants(ref)) {
      for (const i of ix.byRef.get(referenceKey(v)) ?? []) if (open(i) > 0 && open(i) === p.amount_c) near.set(i.id, i);
    }
    const one = only([...near.values()]);
    if (one) return { instance: one, reason: 'reference_typo' };
  }
  const mentioned = ix.mentioned(p.message, true);
  const one = only(mentioned) ?? only(mentioned.filter((i) => open(i) === p.amount_c));
  if (one) return { instance: one, reason: 'message_mentions' };
  if (ref === '' && p.payer_name.trim() !== '') {
    const named = (ix.byName.get(nameKey(p.payer_name)) ?? []).filter((i) => open(i) > 0 && open(i) === p.amount_c);
    const hit = only(named);
    if (hit) return { instance: hit, reason: 'name_and_amount' };
  }
  return null;
}
