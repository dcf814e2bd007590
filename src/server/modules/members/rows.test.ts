import { describe, expect, it } from 'vitest';
import type { GroupRow, Member } from '../../db/schema';
import type { Field } from '../../../shared/fields/types';
import type { MemberModel } from './model';
import type { ValueRow } from './repo';
import fc from 'fast-check';
import { buildRows, builtTexts, rowReads, rowsOfIds, rowTextPieces } from './rows';
import { JsonItems } from './json-pieces';
import { presentMember } from './present';
import { presentedNames } from './columns';
import type { RecordedOutcome } from '../../../shared/members/upToDateness';

// Rows of a page are built in linear time. Proven structurally, not by a clock:
// every value and group link is looked at (its member_id read) once, whatever the page size.

const field = (id: number, name: string, type: Field['type']): Field => ({
  id, name, label: name, type, visibility: 2, options: [], params: {}, group: null, help_text: '', maxlength: 255, fixed: false, position: id,
});
const group = (id: number, name: string, builtin: string | null = null): GroupRow => ({
  id, tenant_id: 1, name, label: name, email: null, allowed_senders: '', builtin, position: id, created_at: '', updated_at: '',
});
const custom = [field(1, 'jasennumero', 'integer'), field(2, 'lisatiedot', 'text'), field(3, 'maksettu', 'checkbox')];
const groups = [group(1, 'kaikki', 'everyone'), group(2, 'hallitus', 'board'), group(3, 'kuoro'), group(4, 'soittajat')];
const model: MemberModel = {
  fields: custom, byName: new Map(custom.map((f) => [f.name, f])), custom,
  groups, groupByName: new Map(groups.map((g) => [g.name, g])), porg: false,
};
const member = (id: number): Member => ({
  id, tenant_id: 1, firstname: `Etu${id}`, lastname: `Suku${id}`, email: null, phone: null, address_street: null, address_zip: null, address_city: null,
  password_hash: null, active: 1, site_admin: 0, board: id % 7 === 0 ? 1 : 0, email_porg1: null, email_porg2: null, imported: 0, federation_ref: null, search_text: '',
  applied_at: null, application: null, pending: 0, deleted_at: null, member_since: null, sort_lastname: null, sort_firstname: null, created_at: '', updated_at: '',
});

/** An object whose member_id reads are counted: the measure of how often a row was scanned. */
function counted<T extends { member_id: number }>(row: T, reads: { n: number }): T {
  const { member_id, ...rest } = row;
  return Object.defineProperty({ ...rest }, 'member_id', { enumerable: true, get: () => (reads.n++, member_id) }) as T;
}

/** N members; values and group links in an order that interleaves members (as SQL may return them). */
function synthetic(n: number, reads: { n: number }) {
  const members = Array.from({ length: n }, (_, i) => member(i + 1));
  const values: ValueRow[] = [];
  const links: { member_id: number; group_id: number }[] = [];
  for (const fieldId of [1, 2, 3]) {
    for (let id = n; id >= 1; id--) {
      if (fieldId === 1) values.push(counted({ member_id: id, field_id: 1, value_text: null, value_num: id * 10 }, reads));
      if (fieldId === 2 && id % 2 === 0) values.push(counted({ member_id: id, field_id: 2, value_text: `huom ${id}`, value_num: null }, reads));
      if (fieldId === 3 && id % 3 === 0) values.push(counted({ member_id: id, field_id: 3, value_text: null, value_num: 1 }, reads));
    }
  }
  for (let id = 1; id <= n; id++) if (id % 2 === 1) links.push(counted({ member_id: id, group_id: 3 }, reads));
  for (let id = 1; id <= n; id++) if (id % 5 === 0) links.push(counted({ member_id: id, group_id: 4 }, reads));
  return { members, values, links };
}

const columns = ['jasennumero', 'lisatiedot', 'maksettu', 'kaikki', 'hallitus', 'kuoro', 'soittajat'];

describe('buildRows (linear row assembly)', () => {
  it('reads each value and group link once for 50 000 members, and gives each member its own values', () => {
    const reads = { n: 0 };
    const { members, values, links } = synthetic(50_000, reads);
    const rows = buildRows({ members, values, groups: links, model, columns });
    // A filter per member would read member_id 50 000 × (values + links) ≈ 10^10 times.
    expect(reads.n).toBe(values.length + links.length);
    expect(rows).toHaveLength(50_000);
    expect(rows[0]).toEqual({ id: 1, firstname: 'Etu1', lastname: 'Suku1', fullname_: 'Etu1 Suku1', jasennumero: 10, lisatiedot: null, maksettu: false, kaikki: true, hallitus: false, kuoro: true, soittajat: false });
    expect(rows[41_999]).toEqual({ id: 42_000, firstname: 'Etu42000', lastname: 'Suku42000', fullname_: 'Etu42000 Suku42000', jasennumero: 420_000, lisatiedot: 'huom 42000', maksettu: true, kaikki: true, hallitus: true, kuoro: false, soittajat: true });
  });

  it('carries only id, names and the requested columns', () => {
    const { members, values, links } = synthetic(3, { n: 0 });
    expect(buildRows({ members, values, groups: links, model, columns: ['lisatiedot', 'meta_'] })[1]).toEqual({ id: 2, firstname: 'Etu2', lastname: 'Suku2', fullname_: 'Etu2 Suku2', lisatiedot: 'huom 2' });
  });

  it('reads links and builds rows chunk by chunk, yielding to the event loop in between, with the same rows', async () => {
    const { members, values, links } = synthetic(2_000, { n: 0 });
    const asked: number[][] = [];
    const load = async (ids: number[]) => {
      asked.push(ids);
      const wanted = new Set(ids);
      return { values: values.filter((v) => wanted.has(v.member_id)), groups: links.filter((g) => wanted.has(g.member_id)) };
    };
    let done = false;
    let servedMeanwhile = 0;
    // Another "request" waiting on the loop: it must run while the rows are still being built.
    const other = (): void => {
      if (done) return;
      servedMeanwhile++;
      setImmediate(other);
    };
    setImmediate(other);
    const byId = new Map(members.map((m) => [m.id, m]));
    const read = async (ids: number[]) => ids.map((id) => byId.get(id)!);
    const rows = await rowsOfIds(members.map((m) => m.id), { read, load, model, columns }, 500);
    done = true;
    expect(asked.map((ids) => ids.length)).toEqual([500, 500, 500, 500]);
    expect(servedMeanwhile).toBeGreaterThanOrEqual(3);
    expect(rows).toEqual(buildRows({ members, values, groups: links, model, columns }));
  });

  it('reads a long page in id order and writes its rows in the page order, as the same JSON, leaving out a member gone meanwhile', async () => {
    const { members, values, links } = synthetic(2_000, { n: 0 });
    // The page's order: not the ids' (a page by name); one member is removed while it is read.
    const page = members.map((m) => m.id).sort((a, b) => (a % 7) - (b % 7) || b - a);
    const gone = page[1234]!;
    const asked: number[][] = [];
    const byId = new Map(members.map((m) => [m.id, m]));
    const read = async (ids: number[]) => {
      asked.push(ids);
      return ids.flatMap((id) => (id === gone ? [] : [byId.get(id)!]));
    };
    const load = async (ids: number[]) => {
      const wanted = new Set(ids);
      return { values: values.filter((v) => wanted.has(v.member_id)), groups: links.filter((g) => wanted.has(g.member_id)) };
    };
    const pieces: string[] = [];
    for await (const piece of rowTextPieces(page, builtTexts({ read, load, model, columns }, 120), 300, 250)) {
      expect(piece).toBeInstanceOf(JsonItems);
      pieces.push(piece.text);
    }
    // Read in ascending id pieces of 300 (each a run of close ids, read as a range), built 120 at a time, written in pieces of 250.
    expect(asked.map((ids) => ids.length)).toEqual([300, 300, 300, 300, 300, 300, 200]);
    expect(asked.flat()).toEqual([...page].sort((a, b) => a - b));
    expect(pieces).toHaveLength(8);
    const expected = buildRows({ members: page.filter((id) => id !== gone).map((id) => byId.get(id)!), values, groups: links, model, columns });
    expect(`[${pieces.filter((p) => p !== '').join(',')}]`).toBe(JSON.stringify(expected));
  });

  it.each([1, 2, 3])('keeps %i pieces of texts asked for at once, and writes them in the page order', async (ahead) => {
    const page = Array.from({ length: 1_000 }, (_, i) => 1_000 - i);
    let inFlight = 0;
    let most = 0;
    const readTexts = async (ids: number[]) => {
      most = Math.max(most, ++inFlight);
      // Answers come back later, as a database's would.
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
      return [ids.map((id) => [id, `{"id":${String(id)}}`] as const)];
    };
    const pieces: string[] = [];
    for await (const piece of rowTextPieces(page, readTexts, 100, 300, ahead)) pieces.push(piece.text);
    expect(most).toBe(ahead);
    expect(JSON.parse(`[${pieces.join(',')}]`)).toEqual(page.map((id) => ({ id })));
  });

  it('gives the same values as the whole presented member, from only the member columns the shown names read', () => {
    const names = [...presentedNames(model), 'meta_', 'deleted_at', 'uptodate_email', 'uptodate_sms', 'ei_tallainen', 'password_hash', 'search_text'];
    const text = fc.option(fc.string({ maxLength: 6 }), { nil: null });
    const memberArb = fc.record({
      email: fc.option(fc.constantFrom('a@b.fi', 'c@d.fi'), { nil: null }),
      phone: fc.option(fc.constantFrom('+358401234567', '+46701234567'), { nil: null }),
      address_city: text, member_since: text,
      active: fc.constantFrom(0, 1), board: fc.constantFrom(0, 1), imported: fc.constantFrom(0, 1),
      deleted_at: fc.option(fc.constant('2026-11-01T10:00:00.000Z'), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(memberArb, { minLength: 1, maxLength: 5 }), fc.subarray(names), fc.constantFrom<'sent' | 'bounced'>('sent', 'bounced'), (data, columns, outcome) => {
        const members = data.map((d, i) => ({ ...member(i + 1), ...d, password_hash: 'salainen', search_text: 'haku' }));
        const { values, links } = synthetic(members.length, { n: 0 });
        const outcomes = new Map<number, RecordedOutcome[]>([[1, [{ medium: 'email', address: 'a@b.fi', outcome, at: '2026-11-02T10:00:00.000Z' }]]]);
        // What a long page reads: only rowReads' columns, nothing else of the member.
        const reads = rowReads(model, columns);
        const narrow = members.map((m) => Object.fromEntries(reads.map((c) => [c, m[c]])) as unknown as Member);
        const rows = buildRows({ members: narrow, values, groups: links, model, columns, outcomes });
        members.forEach((m, i) => {
          const whole = presentMember(m, values.filter((v) => v.member_id === m.id), new Set(links.filter((g) => g.member_id === m.id).map((g) => g.group_id)), model, outcomes.get(m.id));
          const expected: Record<string, unknown> = { id: m.id, firstname: m.firstname, lastname: m.lastname, fullname_: whole.fullname_ };
          for (const c of columns) {
            if (c === 'uptodate_email' || c === 'uptodate_sms') expected[c] = (whole.uptodate_ as Record<string, unknown>)[c.slice('uptodate_'.length)];
            else if (c === 'deleted_at') expected[c] = m.deleted_at;
            else if (c in whole && c !== 'meta_') expected[c] = whole[c];
          }
          expect(rows[i]).toEqual(expected);
        });
        expect(reads).not.toContain('password_hash');
        expect(reads).not.toContain('search_text');
      }),
      { numRuns: 200 },
    );
  });

  it('reads id and names always, and only the member columns the names need', () => {
    expect(rowReads(model, ['jasennumero', 'kuoro'])).toEqual(['id', 'firstname', 'lastname']);
    expect(rowReads(model, ['email', 'hallitus', 'uptodate_sms', 'deleted_at', 'meta_'])).toEqual(['id', 'firstname', 'lastname', 'email', 'board', 'phone', 'deleted_at']);
  });
});
