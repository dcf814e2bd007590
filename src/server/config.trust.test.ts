import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config';

// TRUST_PROXY and SEURA_DEFAULT_HOST.
describe('TRUST_PROXY and SEURA_DEFAULT_HOST', () => {
  it('trusts nobody by default and reads addresses, CIDRs and proxy-addr names', () => {
    expect(parseTrustProxy(undefined)).toEqual([]);
    expect(parseTrustProxy(' ')).toEqual([]);
    expect(parseTrustProxy('10.0.0.1, 172.16.0.0/12 ::1 fd00::/8,loopback')).toEqual(['10.0.0.1', '172.16.0.0/12', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses anything else, so a typo cannot silently trust the wrong clients', () => {
    for (const bad of ['true', '*', '10.0.0.300', '10.0.0.0/33', 'proxy.example.fi', '10.0.0.0/8/1']) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('loads both from the environment', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-cfg-'));
    try {
      const c = loadConfig({ DATA_DIR: dir, TRUST_PROXY: '127.0.0.1', SEURA_DEFAULT_HOST: 'Jasenet.Example.fi' });
      expect(c.trustProxy).toEqual(['127.0.0.1']);
      expect(c.defaultHost).toBe('jasenet.example.fi');
      expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ trustProxy: [], defaultHost: null });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
