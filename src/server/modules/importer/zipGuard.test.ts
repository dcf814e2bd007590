import { describe, expect, it } from 'vitest';
import { zipProblem } from './zipGuard';
import { makeXlsx } from '../../test/factories/xlsx';
import { buildZip, readZip } from '../../test/factories/zip';

const limits = { maxBytes: 8 * 1024 * 1024, maxEntries: 10, maxRatio: 200 };
const text = (n: number) => Buffer.from('Aino;Aalto;aino@x.fi;'.repeat(Math.ceil(n / 21)).slice(0, n));

describe('zipProblem', () => {
  it('accepts a real xlsx and a modest zip', async () => {
    const xlsx = await makeXlsx([['Etunimi', 'Sukunimi']]);
    expect(await zipProblem(xlsx)).toBeNull();
    expect(readZip(xlsx).map((e) => e.name)).toContain('xl/worksheets/sheet1.xml');
    expect(await zipProblem(buildZip([{ name: 'a.xml', data: text(100_000) }]), limits)).toBeNull();
  });

  it('refuses a zip bomb by its declared size, its ratio or its part count', async () => {
    const zeros = Buffer.alloc(16 * 1024 * 1024);
    expect(await zipProblem(buildZip([{ name: 'bomb.xml', data: zeros }]), limits)).toBe('too large uncompressed');
    expect(await zipProblem(buildZip([{ name: 'bomb.xml', data: zeros.subarray(0, 4 * 1024 * 1024) }]), limits)).toBe('compression ratio');
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.xml`, data: Buffer.from('x') }));
    expect(await zipProblem(buildZip(many), limits)).toBe('too many entries');
  });

  it('refuses a part that inflates beyond the size its directory declares', async () => {
    const bomb = buildZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(64 * 1024 * 1024), declaredSize: 1000 }]);
    expect(await zipProblem(bomb)).toBe('inflate failed or exceeded declared size');
  });

  it('refuses what is not a zip', async () => {
    expect(await zipProblem(Buffer.from('PK\u0003\u0004 not really a zip'))).toBe('no central directory');
  });
});
