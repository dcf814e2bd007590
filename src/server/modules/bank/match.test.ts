import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createReference } from '../../../shared/finnish/reference';
import { createRfReference } from '../../../shared/finnish/rf-reference';
import { instanceState, matchPayments, nameKey, referenceKey, textTokens, typoVariants, type OpenInstance } from './match';
import type { ParsedPayment } from './types';

// The matching rules one by one, then properties over a generated register and statement.

let seq = 0;
function pay(p: Partial<ParsedPayment> & { amount_c: number }): ParsedPayment {
  seq += 1;
  return { archive_id: `A${seq}`, account: 'FI2112345600000785', booking_date: '2026-11-20', value_date: null, payer_name: '', reference: null, message: '', ...p };
}

function inst(id: number, over: Partial<OpenInstance> = {}): OpenInstance {
  return { id, member_id: id, invoice_number: 1000 + id, reference: createReference(String(1000 + id)), name: `Etunimi${id} Sukunimi`, open_c: 5000, state: 'open', ...over };
}

describe('helpers', () => {
  it('compares national references without leading zeros, RF case-insensitively', () => {
    expect(referenceKey('00 01232')).toBe('1232');
    expect(referenceKey('rf33 2348 236')).toBe('RF332348236');
  });
  it('normalises names: case, spaces and word order, accents kept', () => {
    expect(nameKey('  VIRTANEN   Mätti ')).toBe(nameKey('Mätti Virtanen'));
    expect(nameKey('Matti Virtanen')).not.toBe(nameKey('Mätti Virtanen'));
  });
  it('lists one-digit substitutions and adjacent swaps', () => {
    const v = typoVariants('123');
    expect(v).toContain('223');
    expect(v).toContain('213');
    expect(v).toContain('132');
    expect(v).not.toContain('123');
    expect(v).toHaveLength(3 * 9 + 2);
  });
  it('finds references written in groups in a text', () => {
    const t = textTokens('Laskut 12 34561 ja RF33 2348 236, kiitos 2026');
    expect(t.joined).toContain('1234561');
    expect(t.joined).toContain('RF332348236');
    expect(t.single).toContain('2026');
    // A comma separates: no joining over it.
    expect(t.joined).not.toContain('2362026');
  });
  it('gives an instance its matching state from the cached sums', () => {
    const base = { kind: 'invoice' as const, mark: 'none' as const, amount_c: 5000, paid_c: 0, credited_c: 0 };
    expect(instanceState(base)).toEqual({ state: 'open', open_c: 5000 });
    expect(instanceState({ ...base, paid_c: 2000 })).toEqual({ state: 'open', open_c: 3000 });
    expect(instanceState({ ...base, paid_c: 5000 })).toEqual({ state: 'paid', open_c: 0 });
    expect(instanceState({ ...base, mark: 'paid' })).toEqual({ state: 'paid', open_c: 0 });
    expect(instanceState({ ...base, mark: 'cancelled' })).toBeNull();
    expect(instanceState({ ...base, credited_c: 5000 })).toBeNull();
    expect(instanceState({ ...base, kind: 'credit', amount_c: -5000 })).toBeNull();
  });
});

describe('matchPayments', () => {
  it('books an exact reference for the whole amount, whatever is open, also to a paid instance', () => {
    const a = inst(1);
    const b = inst(2, { state: 'paid', open_c: 0 });
    const r = matchPayments(
      [pay({ amount_c: 3000, reference: `000${a.reference}` }), pay({ amount_c: 9000, reference: b.reference })],
      [a, b],
      new Set(),
    );
    expect(r.matched.map((m) => [m.kind, m.parts])).toEqual([
      ['exact', [{ instance_id: 1, amount_c: 3000 }]],
      ['exact', [{ instance_id: 2, amount_c: 9000 }]],
    ]);
  });

  it('matches RF references case-insensitively, but not a national reference against an RF one or back', () => {
    const rf = inst(1, { reference: createRfReference(createReference('1001')) });
    const nat = inst(2);
    const r = matchPayments(
      [
        pay({ amount_c: 5000, reference: rf.reference.toLowerCase() }),
        pay({ amount_c: 5001, reference: createReference('1001') }),
        pay({ amount_c: 5002, reference: createRfReference(nat.reference) }),
      ],
      [rf, nat],
      new Set(),
    );
    expect(r.matched.map((m) => m.parts[0]!.instance_id)).toEqual([1]);
    expect(r.unmatched).toHaveLength(2);
  });

  it('settles two open instances of one member named in the text by one payment', () => {
    const a = inst(1, { member_id: 7, open_c: 2000 });
    const b = inst(2, { member_id: 7, open_c: 3000 });
    const c = inst(3, { member_id: 8, open_c: 1000 });
    const r = matchPayments([pay({ amount_c: 5000, message: `Laskut ${a.reference} ja ${b.reference}` })], [a, b, c], new Set());
    expect(r.matched).toHaveLength(1);
    expect(r.matched[0]!.kind).toBe('combined');
    expect(r.matched[0]!.parts).toEqual([
      { instance_id: 1, amount_c: 2000 },
      { instance_id: 2, amount_c: 3000 },
    ]);
  });

  it('does not combine instances of different members or a sum that differs', () => {
    const a = inst(1, { member_id: 7, open_c: 2000 });
    const b = inst(2, { member_id: 8, open_c: 3000 });
    const c = inst(3, { member_id: 9, open_c: 3000 });
    const d = inst(4, { member_id: 9, open_c: 3000 });
    const r = matchPayments(
      [pay({ amount_c: 5000, message: `${a.reference} ${b.reference}` }), pay({ amount_c: 5000, message: `${c.reference}, ${d.reference}` })],
      [a, b, c, d],
      new Set(),
    );
    expect(r.matched).toHaveLength(0);
  });

  it('combines by the payer name when there is no reference, in either name order', () => {
    const a = inst(1, { member_id: 7, name: 'Matti Virtanen', open_c: 2000 });
    const b = inst(2, { member_id: 7, name: 'Matti Virtanen', open_c: 3000 });
    const c = inst(3, { member_id: 7, name: 'Matti Virtanen', open_c: 4000 });
    const r = matchPayments([pay({ amount_c: 7000, payer_name: 'VIRTANEN  MATTI' })], [a, b, c], new Set());
    expect(r.matched[0]!.kind).toBe('combined');
    expect(r.matched[0]!.parts.map((p) => p.instance_id)).toEqual([2, 3]);
  });

  it('does not combine by name when two sets add up (ambiguous) or when there is a reference', () => {
    const list = [1, 2, 3, 4].map((id) => inst(id, { member_id: 7, name: 'Matti Virtanen', open_c: 1000 }));
    const r = matchPayments([pay({ amount_c: 2000, payer_name: 'Matti Virtanen' }), pay({ amount_c: 4000, payer_name: 'Matti Virtanen', reference: '99990' })], list, new Set());
    expect(r.matched).toHaveLength(0);
  });

  it('suggests the instance one typo away with the same open amount', () => {
    const a = inst(1, { reference: '1232', open_c: 5000 });
    const b = inst(2, { reference: '1245', open_c: 6000 });
    // 1322 swaps two digits of 1232 and fails its check digit; 1242 is one digit from 1245 (and from 1232 with another amount).
    const r = matchPayments([pay({ amount_c: 5000, reference: '1322' }), pay({ amount_c: 6000, reference: '1242' })], [a, b], new Set());
    expect(r.suggested.map((s) => [s.instance_id, s.reason])).toEqual([
      [1, 'reference_typo'],
      [2, 'reference_typo'],
    ]);
  });

  it('does not suggest a typo when the amount differs, or when two instances are one typo away', () => {
    const a = inst(1, { reference: '1232', open_c: 5000 });
    const b = inst(2, { reference: '1245', open_c: 5000 });
    const r = matchPayments([pay({ amount_c: 4000, reference: '1322' }), pay({ amount_c: 5000, reference: '1242' })], [a, b], new Set());
    expect(r.suggested).toHaveLength(0);
    expect(r.unmatched).toHaveLength(2);
  });

  it('suggests the instance whose invoice number or reference the message mentions', () => {
    const a = inst(1);
    const b = inst(2);
    const r = matchPayments([pay({ amount_c: 100, message: 'Lasku 1001 jäsenmaksu' }), pay({ amount_c: 100, message: `viite ${b.reference.slice(0, 2)} ${b.reference.slice(2)}` })], [a, b], new Set());
    expect(r.suggested.map((s) => [s.instance_id, s.reason])).toEqual([
      [1, 'message_mentions'],
      [2, 'message_mentions'],
    ]);
  });

  it('suggests by payer name and amount when there is no reference and exactly one instance fits', () => {
    const a = inst(1, { name: 'Liisa Äijälä', open_c: 2500 });
    const b = inst(2, { name: 'Liisa Äijälä', open_c: 3000 });
    const r = matchPayments([pay({ amount_c: 2500, payer_name: 'ÄIJÄLÄ LIISA' }), pay({ amount_c: 9900, payer_name: 'Liisa Äijälä' })], [a, b], new Set());
    expect(r.suggested.map((s) => [s.instance_id, s.reason])).toEqual([[1, 'name_and_amount']]);
    expect(r.unmatched.map((u) => u.payment.amount_c)).toEqual([9900]);
  });

  it('never suggests or combines a paid instance (only exact references reach it)', () => {
    const a = inst(1, { state: 'paid', open_c: 0, name: 'Aino Aalto' });
    const r = matchPayments([pay({ amount_c: 0, payer_name: 'Aino Aalto' }), pay({ amount_c: 100, message: 'lasku 1001' })], [a], new Set());
    expect(r.suggested).toHaveLength(0);
  });

  it('an exact payment settles its instance before a later suggestion could take it', () => {
    const a = inst(1, { name: 'Aino Aalto', open_c: 5000 });
    const r = matchPayments([pay({ amount_c: 5000, payer_name: 'Aino Aalto' }), pay({ amount_c: 5000, reference: a.reference })], [a], new Set());
    expect(r.matched).toHaveLength(1);
    expect(r.suggested).toHaveLength(0);
    expect(r.unmatched).toHaveLength(1);
  });

  it('counts a known archive id, or one seen earlier in the file, as a duplicate', () => {
    const a = inst(1);
    const first = pay({ amount_c: 100, reference: a.reference });
    const again = { ...first };
    const old = pay({ amount_c: 100, reference: a.reference });
    const r = matchPayments([first, again, old], [a], new Set([old.archive_id]));
    expect(r.duplicates).toEqual([again, old]);
    expect(r.matched).toHaveLength(1);
  });

  // Its speed is measured in bench/bank.ts, not here.
  it('places each of 10 000 payments against 100 000 instances exactly once', () => {
    const instances = Array.from({ length: 100_000 }, (_, k) => inst(k + 1, { member_id: Math.floor(k / 3), name: `Nimi${Math.floor(k / 3)} Suku` }));
    const payments = Array.from({ length: 10_000 }, (_, k) =>
      k % 3 === 0 ? pay({ amount_c: 5000, reference: instances[k * 7]!.reference }) : k % 3 === 1 ? pay({ amount_c: 10_000, payer_name: `Suku Nimi${k}` }) : pay({ amount_c: 777, message: `lasku ${1000 + k} ja 12 345` }),
    );
    const r = matchPayments(payments, instances, new Set());
    expect(r.matched.length + r.suggested.length + r.unmatched.length).toBe(10_000);
    // Every third payment names an existing reference with the full amount: matched.
    expect(r.matched.length).toBeGreaterThanOrEqual(Math.ceil(10_000 / 3));
  });
});

// ---- properties -------------------------------------------------------------------------

interface World {
  instances: OpenInstance[];
  payments: ParsedPayment[];
}

const worldArb: fc.Arbitrary<World> = fc
  .record({
    register: fc.array(
      fc.record({ member: fc.integer({ min: 1, max: 6 }), open: fc.integer({ min: 0, max: 5 }).map((k) => k * 1000), rf: fc.boolean() }),
      { minLength: 1, maxLength: 30 },
    ),
    statement: fc.array(
      fc.record({
        kind: fc.constantFrom('exact', 'unknown', 'name', 'text', 'typo'),
        pick: fc.nat(),
        pick2: fc.nat(),
        amount: fc.integer({ min: 1, max: 12 }).map((k) => k * 500),
        archive: fc.integer({ min: 1, max: 40 }),
      }),
      { maxLength: 40 },
    ),
  })
  .map(({ register, statement }) => {
    const instances = register.map((r, k): OpenInstance => {
      const national = createReference(String(1000 + k));
      return {
        id: k + 1,
        member_id: r.member,
        invoice_number: 1000 + k,
        reference: r.rf ? createRfReference(national) : national,
        name: `Jäsen${r.member} Sukunimi`,
        open_c: r.open,
        state: r.open > 0 ? 'open' : 'paid',
      };
    });
    const payments = statement.map((s): ParsedPayment => {
      const a = instances[s.pick % instances.length]!;
      const b = instances[s.pick2 % instances.length]!;
      const base = { archive_id: `ARC${s.archive}`, account: 'FI2112345600000785', booking_date: '2026-11-20', value_date: null, payer_name: '', reference: null, message: '', amount_c: s.amount };
      switch (s.kind) {
        case 'exact':
          return { ...base, reference: a.reference };
        case 'unknown':
          return { ...base, reference: createReference(String(900_000 + s.pick)) };
        case 'name':
          return { ...base, payer_name: a.name, amount_c: s.pick % 2 === 0 ? a.open_c + b.open_c : s.amount };
        case 'text':
          return { ...base, message: `${a.reference} ${b.reference}`, amount_c: a.open_c + b.open_c };
        default:
          return { ...base, reference: a.reference.slice(0, -1) + String((Number(a.reference.slice(-1)) + 1) % 10), amount_c: a.open_c };
      }
    });
    return { instances, payments };
  });

describe('matchPayments (properties)', () => {
  it('puts every payment in exactly one place, books each exact payment once, and books what was paid', () => {
    fc.assert(
      fc.property(worldArb, ({ instances, payments }) => {
        const r = matchPayments(payments, instances, new Set());
        expect(r.matched.length + r.suggested.length + r.unmatched.length + r.duplicates.length).toBe(payments.length);
        const booked = [...r.matched, ...r.suggested, ...r.unmatched].map((x) => x.payment.archive_id);
        expect(new Set(booked).size).toBe(booked.length);
        const byRef = new Map(instances.map((i) => [referenceKey(i.reference), i.id]));
        for (const m of r.matched) {
          expect(m.parts.reduce((s, p) => s + p.amount_c, 0)).toBe(m.payment.amount_c);
          if (m.kind === 'combined') {
            expect(m.parts.length).toBeGreaterThanOrEqual(2);
            expect(m.parts.every((p) => p.amount_c > 0)).toBe(true);
          }
        }
        // Each first occurrence with a known reference is booked exactly, to its instance.
        const firsts = new Set<string>();
        payments.forEach((p, index) => {
          if (firsts.has(p.archive_id)) return;
          firsts.add(p.archive_id);
          const target = p.reference === null ? undefined : byRef.get(referenceKey(p.reference));
          const hits = r.matched.filter((m) => m.index === index);
          if (target !== undefined) expect(hits.map((m) => [m.kind, m.parts])).toEqual([['exact', [{ instance_id: target, amount_c: p.amount_c }]]]);
          else expect(hits.every((m) => m.kind === 'combined')).toBe(true);
        });
        // Combined payments never take more than was open.
        const open = new Map(instances.map((i) => [i.id, i.open_c]));
        const taken = new Map<number, number>();
        for (const m of r.matched) if (m.kind === 'combined') for (const p of m.parts) taken.set(p.instance_id, (taken.get(p.instance_id) ?? 0) + p.amount_c);
        for (const [id, c] of taken) expect(c).toBeLessThanOrEqual(open.get(id)!);
        // Suggestions go to open instances only.
        for (const s of r.suggested) expect(open.get(s.instance_id)!).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('books nothing twice across repeated and overlapping imports', () => {
    fc.assert(
      fc.property(worldArb, fc.nat(), ({ instances, payments }, cut) => {
        const first = matchPayments(payments, instances, new Set());
        const known = new Set([...first.matched, ...first.suggested, ...first.unmatched].map((x) => x.payment.archive_id));
        const again = matchPayments(payments, instances, known);
        expect(again.matched).toHaveLength(0);
        expect(again.suggested).toHaveLength(0);
        expect(again.unmatched).toHaveLength(0);
        expect(again.duplicates).toHaveLength(payments.length);
        // An overlapping file: its old part is all duplicates, its new part is matched once.
        const k = payments.length === 0 ? 0 : cut % payments.length;
        const fresh = payments.slice(k).map((p) => ({ ...p, archive_id: `NEW-${p.archive_id}` }));
        const overlap = matchPayments([...payments.slice(0, k), ...fresh], instances, known);
        const counted = [...overlap.matched, ...overlap.suggested, ...overlap.unmatched].map((x) => x.payment.archive_id);
        expect(counted.every((a) => a.startsWith('NEW-'))).toBe(true);
        expect(overlap.duplicates.length).toBe(k + fresh.length - new Set(fresh.map((p) => p.archive_id)).size);
      }),
      { numRuns: 200 },
    );
  });
});
