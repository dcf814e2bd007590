import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminContext } from '../test/adminContext';
import { makeTenant, testDialect } from '../test/harness';
import { sentInvoice, testIban } from '../test/factories/invoice';
import { delivered } from '../test/factories/invoice-actions';
import { camt054 } from '../test/factories/bank-statements';
import { outboxConfigFrom } from '../modules/outbox/config';
import { runBankDirOnce, startBankDir } from './bank-dir';
import { startJobs } from './index';

// BANK_DIR: files routed to the association by the mandate's account, applied at once, moved
// to done/; unreadable or unroutable ones to rejected/ with the reason in the server log.

describe(`BANK_DIR worker (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Kansioseura ry' });
  let dir: string;
  let lines: { msg: string; data?: Record<string, unknown> }[];
  const log = (msg: string, data?: Record<string, unknown>) => lines.push({ msg, data });
  const db = () => ctx.t.deps.db;
  const tid = () => ctx.tenant.tenant.id;
  const mandate = (tenantId: number, iban: string) =>
    db().insertInto('bank_mandates').values({ tenant_id: tenantId, iban, given_on: '2026-01-01', given_by: 'Rahastonhoitaja', created_at: new Date().toISOString() }).execute();
  const names = (sub: string) => (fs.existsSync(path.join(dir, sub)) ? fs.readdirSync(path.join(dir, sub)).sort() : []);
  /** A file as the transfer client leaves it, old enough to be complete. */
  const drop = (name: string, text: string, ageMs = 60_000) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    const when = new Date(Date.now() - ageMs);
    fs.utimesSync(p, when, when);
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-bankdir-'));
    lines = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('imports a file for the association whose mandate names the account, books exact matches, leaves the rest for review; the same file again adds nothing', async () => {
    const { invoiceId } = await sentInvoice(ctx, { members: 2 });
    await delivered(ctx, invoiceId);
    const [a, b] = await db().selectFrom('invoice_instances').selectAll().where('invoice_id', '=', invoiceId).orderBy('id').execute();
    await mandate(tid(), testIban(tid()));
    const text = camt054({
      account: testIban(tid()),
      payments: [
        { amount_c: 2500, reference: a!.reference },
        { amount_c: 2500, payer_name: b!.recipient_name.split(' ').reverse().join(' ') },
        { amount_c: 900, reference: '9999999999999999997' },
      ],
    });
    drop('viitteet-1.xml', text);
    drop('.kesken.xml', text);
    drop('tuore.xml', text, 0);
    const r = await runBankDirOnce(ctx.t.deps, dir, log);
    expect(r).toEqual({ done: ['viitteet-1.xml'], rejected: [] });
    expect(names('done')).toEqual(['viitteet-1.xml']);
    // Hidden files and files still being written stay where they are.
    expect(fs.existsSync(path.join(dir, '.kesken.xml'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'tuore.xml'))).toBe(true);

    const st = await db().selectFrom('bank_statements').selectAll().where('tenant_id', '=', tid()).where('source', '=', 'bank_dir').execute();
    expect(st).toMatchObject([{ filename: 'viitteet-1.xml', status: 'applied', booked: 1, author_id: null, entries: 3 }]);
    const pays = await db().selectFrom('bank_payments').select(['state', 'suggestion_reason']).where('statement_id', '=', st[0]!.id).orderBy('id').execute();
    expect(pays).toEqual([
      { state: 'booked', suggestion_reason: null },
      { state: 'suggested', suggestion_reason: 'name_and_amount' },
      { state: 'unmatched', suggestion_reason: null },
    ]);
    expect((await db().selectFrom('invoice_instances').select('paid_c').where('id', '=', a!.id).executeTakeFirstOrThrow()).paid_c).toBe(2500);
    const logged = await db().selectFrom('activity_log').selectAll().where('tenant_id', '=', tid()).where('event', '=', 'bank_statement_applied').execute();
    expect(logged.at(-1)!.author_id).toBeNull();

    // The same file again (another name, and once more under the first name): all duplicates, moved to done/.
    drop('viitteet-2.xml', text);
    drop('viitteet-1.xml', text);
    expect(await runBankDirOnce(ctx.t.deps, dir, log)).toEqual({ done: ['viitteet-1.xml', 'viitteet-2.xml'], rejected: [] });
    expect(names('done')).toHaveLength(3);
    expect(lines.filter((l) => l.msg === 'tiliote kirjattu').map((l) => l.data!.duplicates)).toEqual([0, 3, 3]);
    expect((await db().selectFrom('invoice_instances').select('paid_c').where('id', '=', a!.id).executeTakeFirstOrThrow()).paid_c).toBe(2500);
  });

  it('rejects an unreadable file, an account on no mandate and an account on two associations, saying why', async () => {
    const other = await makeTenant(ctx.t.deps, 'Toinen seura ry');
    const shared = testIban(900_001);
    await mandate(tid(), shared);
    await mandate(other.tenant.id, shared);
    drop('roska.txt', 'ei tiliote');
    drop('vieras.xml', camt054({ account: testIban(900_002), payments: [{ amount_c: 100, reference: '1232' }] }));
    drop('kaksi.xml', camt054({ account: shared, payments: [{ amount_c: 100, reference: '1232' }] }));
    const r = await runBankDirOnce(ctx.t.deps, dir, log);
    expect(r).toEqual({ done: [], rejected: ['kaksi.xml', 'roska.txt', 'vieras.xml'] });
    expect(names('rejected')).toEqual(['kaksi.xml', 'roska.txt', 'vieras.xml']);
    expect(Object.fromEntries(lines.map((l) => [l.data!.file, l.data!.reason]))).toEqual({ 'kaksi.xml': 'several_associations', 'roska.txt': 'unreadable', 'vieras.xml': 'no_mandate' });
    expect(await db().selectFrom('bank_statements').select('id').where('filename', 'in', ['kaksi.xml', 'roska.txt', 'vieras.xml']).execute()).toEqual([]);
  });

  it('two passes at once (two worker processes) import each file once', async () => {
    const iban = testIban(900_004);
    await mandate(tid(), iban);
    for (const n of ['r1.xml', 'r2.xml', 'r3.xml']) drop(n, camt054({ account: iban, payments: [{ amount_c: 100, reference: '1232' }] }));
    const [x, y] = await Promise.all([runBankDirOnce(ctx.t.deps, dir, log), runBankDirOnce(ctx.t.deps, dir, log)]);
    expect([...x.done, ...y.done].sort()).toEqual(['r1.xml', 'r2.xml', 'r3.xml']);
    expect(names('done')).toEqual(['r1.xml', 'r2.xml', 'r3.xml']);
    expect(names('processing')).toEqual([]);
    const st = await db().selectFrom('bank_statements').select('filename').where('filename', 'in', ['r1.xml', 'r2.xml', 'r3.xml']).execute();
    expect(st).toHaveLength(3);
  });

  it('runs with the workers when BANK_DIR is set: a pass at start, stopped cleanly', async () => {
    const iban = testIban(900_003);
    await mandate(tid(), iban);
    drop('alku.xml', camt054({ account: iban, payments: [{ amount_c: 100, reference: '1232' }] }));
    const saved = ctx.t.deps.config.outbox;
    ctx.t.deps.config.outbox = { ...outboxConfigFrom({ BANK_DIR: dir }, { dataDir: ctx.t.dataDir, publicUrl: null }), bounceSmtpPort: null };
    const email = { name: 'rec', send: () => Promise.resolve({ ok: true as const, providerId: 'x' }) };
    const jobs = await startJobs(ctx.t.deps, { maintenance: false, workers: true, providers: { email, sms: email, letter: email, pdf: email } as never, log: () => {} });
    for (let i = 0; i < 100 && names('done').length === 0; i++) await new Promise((res) => setTimeout(res, 20));
    await jobs.stop();
    ctx.t.deps.config.outbox = saved;
    expect(names('done')).toEqual(['alku.xml']);
    // And on its own: the first pass runs at once.
    drop('toinen.xml', camt054({ account: iban, payments: [{ amount_c: 100, reference: '1232' }] }));
    const stop = startBankDir(ctx.t.deps, dir, log);
    await stop();
    expect(names('done')).toEqual(['alku.xml', 'toinen.xml']);
  });
});
