import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/harness';
import { publicBase } from './publicUrl';

describe('publicBase', () => {
  const config = (over: Parameters<typeof testConfig>[1]) => testConfig('/tmp', over);

  it('uses PUBLIC_URL for an association without a hostname', () => {
    expect(publicBase(config({ publicUrl: 'https://jasenet.example.fi/' }), { hostname: null })).toBe('https://jasenet.example.fi');
    expect(publicBase(config({ publicUrl: 'https://example.fi/seura/' }), { hostname: null })).toBe('https://example.fi/seura');
  });

  it("puts an association's own hostname under PUBLIC_URL's scheme and port", () => {
    expect(publicBase(config({ publicUrl: 'https://jasenet.example.fi' }), { hostname: 'kuoro.example.fi' })).toBe('https://kuoro.example.fi');
    expect(publicBase(config({ publicUrl: 'http://localhost:8080' }), { hostname: 'kuoro.localhost' })).toBe('http://kuoro.localhost:8080');
  });

  it('falls back to the listening address without PUBLIC_URL', () => {
    expect(publicBase(config({ port: 3205 }), { hostname: null })).toBe('http://127.0.0.1:3205');
    expect(publicBase(config({ port: 3000, host: '0.0.0.0' }), { hostname: null })).toBe('http://localhost:3000');
    expect(publicBase(config({ port: 3000 }), { hostname: 'kuoro.localhost' })).toBe('http://kuoro.localhost:3000');
  });
});
