import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeTenant, testApp, testDialect, type Client, type TestApp } from '../../test/harness';
import { fakeS3, type FakeS3 } from '../../test/fakeS3';
import { uploadFile } from '../../test/factories/upload';
import type { CreatedTenant } from '../tenants/service';
import { cleanupUploads, UPLOAD_KEEP_MS } from './cleanup';
import { forgetSheets } from './sheetCache';

// With S3_URL the import wizard's file lives in the bucket, not under DATA_DIR: any process
// reads it, and it leaves the bucket when imported or stale, as it leaves the directory.

describe(`import uploads in S3 (${testDialect})`, () => {
  let s3: FakeS3;
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;
  beforeAll(async () => {
    s3 = await fakeS3();
    t = await testApp({ config: { s3Url: s3.url } });
    a = await makeTenant(t.deps);
    admin = await adminClient(t, a);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });
  const objectOf = (id: string) => s3.objects.get(`/seura-bucket/uploads/${String(a.tenant.id)}/${id}.csv`);

  it('stores the upload in the bucket, reads it back when not parsed in memory, and removes it once imported', async () => {
    const up = await uploadFile(admin, 'ampari.csv', Buffer.from('Etunimi;Sukunimi\nAmpari;Sanko\n'));
    expect(up.status).toBe(200);
    const id = String(up.body.id);
    expect(objectOf(id)?.toString()).toBe('Etunimi;Sukunimi\nAmpari;Sanko\n');
    expect(fs.existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);
    forgetSheets(a.tenant.id, id);
    const meta = await admin.post('/api/1/importer/get_sheet_metadata', { id });
    expect(meta.body.src_cols).toEqual(['Etunimi', 'Sukunimi']);
    const run = await admin.post('/api/1/importer/importer', { id, mapping: meta.body.suggested_mapping, dry_run: false });
    expect(run.body).toMatchObject({ created: 1, errors: [] });
    expect(objectOf(id)).toBeUndefined();
  });

  it('removes an upload left unimported for a day from the bucket with its row', async () => {
    const up = await uploadFile(admin, 'unohtunut.csv', Buffer.from('Etunimi;Sukunimi\nUno;Htunut\n'));
    const id = String(up.body.id);
    expect(objectOf(id)).toBeDefined();
    t.clock.set(new Date(t.clock.now().getTime() + UPLOAD_KEEP_MS + 60_000).toISOString());
    await cleanupUploads(t.deps);
    expect(objectOf(id)).toBeUndefined();
    expect(await t.deps.db.selectFrom('imports').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('stores nothing, not even the row, when the bucket refuses the file', async () => {
    const before = await t.deps.db.selectFrom('imports').select('id').execute();
    // The bucket is gone (the store keeps pointing at its address).
    await s3.close();
    try {
      // Signed in again: the day the previous test moved the clock ended the session.
      const fresh = await adminClient(t, a);
      const up = await uploadFile(fresh, 'ei-tallennu.csv', Buffer.from('Etunimi;Sukunimi\nEi;Tallennu\n'));
      expect(up.status).toBe(500);
      expect(await t.deps.db.selectFrom('imports').select('id').execute()).toEqual(before);
    } finally {
      // For afterAll, which closes it.
      s3 = await fakeS3();
    }
  });
});
