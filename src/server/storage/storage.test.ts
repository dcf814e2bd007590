import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dirStore } from './dir';
import { parseS3Url, s3Store } from './s3';
import { signS3, sha256Hex } from './sigv4';
import { getBuffer, type FileStore } from './types';
import { fakeS3, type FakeS3 } from '../test/fakeS3';

// One contract for every store: what the import wizard (and any later step on another
// process) relies on.

let s3: FakeS3;
let root: string;
beforeAll(async () => {
  s3 = await fakeS3();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-store-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['directory', () => dirStore(root)],
  ['S3', () => s3Store(parseS3Url(s3.url))],
];

describe.each(stores)('%s store', (_name, make) => {
  it('stores, reads back, reports and deletes a file', async () => {
    const store = make();
    const key = 'uploads/7/0b1c-ääkköset & space.xlsx';
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    expect(await store.exists(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, bytes);
    expect(await store.exists(key)).toBe(true);
    expect((await getBuffer(store, key))?.equals(bytes)).toBe(true);
    await store.put(key, Buffer.from('toinen'));
    expect((await getBuffer(store, key))?.toString()).toBe('toinen');
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
    expect(await getBuffer(store, key)).toBeNull();
    // Deleting again is not an error.
    await store.delete(key);
  });

  it('refuses keys that would leave the store', async () => {
    const store = make();
    for (const bad of ['../x', '/etc/passwd', 'a//b', 'a/./b', '']) await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow(/invalid storage key/);
  });
});

describe('S3 store', () => {
  it('sends signed path-style requests under the bucket', async () => {
    s3.requests.length = 0;
    const store = s3Store(parseS3Url(s3.url));
    await store.put('uploads/1/a.csv', Buffer.from('x'));
    expect(s3.requests).toEqual(['PUT /seura-bucket/uploads/1/a.csv']);
    expect(s3.objects.get('/seura-bucket/uploads/1/a.csv')?.toString()).toBe('x');
  });

  it('fails loudly when the service refuses (wrong key)', async () => {
    const store = s3Store(parseS3Url(s3.url.replace('testkey', 'otherkey')));
    await expect(store.put('uploads/1/b.csv', Buffer.from('x'))).rejects.toThrow(/S3 PUT uploads\/1\/b.csv: 403/);
  });

  it('signs as AWS documents it (the GET Object example of the SigV4 reference)', () => {
    const headers = signS3(
      { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' },
      { method: 'GET', host: 'examplebucket.s3.amazonaws.com', path: '/test.txt', headers: { range: 'bytes=0-9' }, payloadHash: sha256Hex(''), now: new Date('2013-05-24T00:00:00Z') },
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});
