import { describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeMember } from '../../test/factories/member';
import { appendMany, forMember, type HistoryEntry } from './repo';

// Entries written in bulk (a bulk edit's or undo's, one statement per 5 000) come back as they
// were given: on SQLite they travel as one JSON text, so quotes, control characters and letters
// beyond ASCII in the data, NULL author and batch, and the order of entries must survive it.

const TEXTS = ['Ääkkönen "Öljy" \\ Åsa', 'rivi\nrivi\ttabi\u0001', '😀 € – ’', '', ' väli ', '\u0000'];

describe(`member history written in bulk (${testDialect})`, () => {
  const { t, tenant } = adminContext();

  it('keeps every entry as given, in the order given', async () => {
    const a = await makeMember(t.deps, tenant);
    const b = await makeMember(t.deps, tenant);
    const entries: HistoryEntry[] = TEXTS.map((text, i) => ({
      memberId: i % 2 ? b.id : a.id,
      context: i === 0 ? 'PersonInsert' : 'PersonUpdate',
      data: [{ field: 'lastname', label: 'Sukunimi', old: i ? TEXTS[i - 1]! : null, new: text }, { field: 'kuoro', label: 'Kuoro', old: false, new: true }],
      authorId: i === 3 ? null : a.id,
      batchId: i % 3 ? `erä-${String(i)}` : null,
      at: `2026-11-29T02:0${String(i)}:00.000Z`,
    }));
    // More than one statement's worth, so the chunks follow each other.
    const many: HistoryEntry[] = Array.from({ length: 5_003 }, (_, i) => ({ memberId: b.id, context: 'PersonUpdate', data: [{ field: 'n', label: 'N', old: i, new: i + 1 }], authorId: null, at: '2026-11-29T03:00:00.000Z' }));
    await appendMany(t.deps.db, tenant.tenant.id, [...entries, ...many]);
    const read = async (id: number) => (await forMember(t.deps.db, tenant.tenant.id, id)).reverse();
    const back = [...(await read(a.id)), ...(await read(b.id))].sort((x, y) => x.id - y.id);
    expect(back).toHaveLength(entries.length + many.length);
    const given = [...entries, ...many];
    expect(back.map((h) => ({ memberId: h.member_id, context: h.context, data: JSON.parse(h.data) as unknown, authorId: h.author_id, batchId: h.batch_id ?? undefined, at: h.at }))).toEqual(
      given.map((e) => ({ ...e, batchId: e.batchId ?? undefined })),
    );
    expect(back.every((h) => h.tenant_id === tenant.tenant.id)).toBe(true);
  });
});
