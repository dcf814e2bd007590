import { describe, expect, it } from 'vitest';
import { adminContext, type AdminContext } from '../../test/adminContext';
import { testDialect } from '../../test/harness';
import { appliedStatement } from '../../test/factories/bank-payments';
import { BANK_STALE_DAYS } from '../../../shared/constants';

// The bank mandate over the API: the accounts with who gave the mandate and who added them,
// the channel statements come through, when the last one came and whether that is too long
// ago; adding (a valid Finnish IBAN, once; a given day not in the future) and removing, logged.

const DAY = 24 * 60 * 60 * 1000;

const logLines = (ctx: AdminContext, event: string) =>
  ctx.t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', ctx.tenant.tenant.id).where('event', '=', event).orderBy('id').execute();

describe(`bank mandate (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Valtuutusseura ry', at: '2026-03-10T09:00:00Z' });
  const { admin } = ctx;
  const get = () => admin.get('/api/1/invoices/bank/mandate');
  const add = (body: Record<string, unknown>) => admin.post('/api/1/invoices/bank/mandate/add', { iban: 'FI21 1234 5600 0007 85', given_on: '2026-03-01', given_by: 'Pirjo Puheenjohtaja', ...body });
  const remove = (id: number) => admin.post('/api/1/invoices/bank/mandate/remove', { id });
  /** Moves the clock and signs in again (a jump of days outlives the session). */
  const at = async (d: Date) => {
    ctx.t.clock.set(d);
    await admin.login(ctx.tenant.admin.email!);
  };
  const removeAll = async () => {
    for (const a of (await get()).body.accounts as { id: number }[]) expect((await remove(a.id)).status).toBe(200);
  };

  it('adds accounts (stored compact, with the adder) and removes them; each change logged', async () => {
    ctx.t.clock.set('2026-03-10T09:00:00Z');
    const empty = await get();
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body).toEqual({ accounts: [], channel: 'upload', last_statement_at: null, stale: false });

    const r = await add({ iban: 'fi21 1234 5600 0007 85' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.accounts).toEqual([
      { id: expect.any(Number), iban: 'FI2112345600000785', given_on: '2026-03-01', given_by: 'Pirjo Puheenjohtaja', author: expect.stringMatching(/\S/), created_at: '2026-03-10T09:00:00.000Z' },
    ]);
    const second = await add({ iban: 'FI4950009420028730', given_on: '2026-03-10', given_by: 'Kalle Kassanhoitaja' });
    expect(second.body.accounts.map((a: { iban: string }) => a.iban)).toEqual(['FI2112345600000785', 'FI4950009420028730']);
    const added = await logLines(ctx, 'bank_mandate_added');
    expect(added).toHaveLength(2);
    expect(added[0]).toMatchObject({ context: 'bank_mandate', author_id: ctx.tenant.admin.id });
    expect(JSON.parse(added[0]!.data)).toEqual([{ field: 'bank_mandate', new: { id: r.body.accounts[0].id, iban: 'FI2112345600000785', given_on: '2026-03-01', given_by: 'Pirjo Puheenjohtaja' } }]);

    const firstId = r.body.accounts[0].id as number;
    const gone = await remove(firstId);
    expect(gone.status).toBe(200);
    expect(gone.body.accounts.map((a: { iban: string }) => a.iban)).toEqual(['FI4950009420028730']);
    const removed = await logLines(ctx, 'bank_mandate_removed');
    expect(removed).toHaveLength(1);
    expect(JSON.parse(removed[0]!.data)).toEqual([{ field: 'bank_mandate', old: { id: firstId, iban: 'FI2112345600000785', given_on: '2026-03-01', given_by: 'Pirjo Puheenjohtaja' } }]);
    expect((await remove(firstId)).status).toBe(404);
    expect((await remove(999_999)).status).toBe(404);
    expect(await logLines(ctx, 'bank_mandate_removed')).toHaveLength(1);
    await removeAll();
  });

  it('refuses with keys under the fields: not Finnish, wrong length or check, the same account twice, a day in the future or not a day, nobody named', async () => {
    ctx.t.clock.set('2026-03-10T09:00:00Z');
    const errors = async (body: Record<string, unknown>) => {
      const r = await add(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      return r.body.errors;
    };
    expect(await errors({ iban: 'DE89 3704 0044 0532 0130 00' })).toEqual({ iban: ['bank_mandate_iban_not_finnish'] });
    expect(await errors({ iban: 'FI21 1234 5600 0007 8' })).toEqual({ iban: ['settings_iban_wrong_length'] });
    expect(await errors({ iban: 'FI21 1234 5600 0007 86' })).toEqual({ iban: ['settings_iban_invalid_checksum'] });
    expect(await errors({ iban: '' })).toEqual({ iban: ['_validation_field_required'] });
    expect(await errors({ given_by: '  ' })).toEqual({ given_by: ['_validation_field_required'] });
    expect(await errors({ given_on: '1.3.2026' })).toEqual({ given_on: ['_validation_invalid_date'] });
    expect(await errors({ given_on: '2026-02-30' })).toEqual({ given_on: ['_validation_invalid_date'] });
    // Helsinki is at 11:00 on the 10th: the 11th is tomorrow.
    expect(await errors({ given_on: '2026-03-11' })).toEqual({ given_on: ['bank_mandate_given_on_future'] });
    expect((await add({ given_on: '2026-03-10' })).status).toBe(200);
    expect(await errors({ iban: 'fi2112345600000785' })).toEqual({ iban: ['bank_mandate_duplicate'] });
    expect((await get()).body.accounts).toHaveLength(1);
    expect(await logLines(ctx, 'bank_mandate_added')).toHaveLength(3);
    await removeAll();
  });

  it('names the channel: BANK_DIR when configured, else uploads', async () => {
    const outbox = ctx.t.deps.config.outbox;
    outbox.bankDir = '/srv/pankki';
    try {
      expect((await get()).body.channel).toBe('bank_dir');
    } finally {
      outbox.bankDir = null;
    }
    expect((await get()).body.channel).toBe('upload');
  });

  it(`is stale when accounts wait for statements over ${BANK_STALE_DAYS} days: since the last statement, or since the first account when none came`, async () => {
    const start = new Date('2026-05-01T08:00:00Z');
    await at(start);
    expect((await add({ given_on: '2026-04-30' })).status).toBe(200);
    await at(new Date(start.getTime() + BANK_STALE_DAYS * DAY - 60_000));
    expect((await get()).body).toMatchObject({ last_statement_at: null, stale: false });
    await at(new Date(start.getTime() + BANK_STALE_DAYS * DAY + 60_000));
    expect((await get()).body).toMatchObject({ last_statement_at: null, stale: true });

    const came = new Date(start.getTime() + 10 * DAY).toISOString();
    await appliedStatement(ctx.t.deps.db, ctx.tenant.tenant.id, [{ amount_c: 100 }], came);
    await at(new Date(start.getTime() + 12 * DAY));
    expect((await get()).body).toMatchObject({ last_statement_at: came, stale: false });
    await at(new Date(start.getTime() + (10 + BANK_STALE_DAYS) * DAY + 60_000));
    expect((await get()).body).toMatchObject({ last_statement_at: came, stale: true });

    // No accounts: nothing is expected to come, so no warning.
    await removeAll();
    expect((await get()).body).toMatchObject({ accounts: [], last_statement_at: came, stale: false });
  });
});
