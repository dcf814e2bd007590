import { describe, expect, it } from 'vitest';
import { isLegacy, secretBox } from './secretBox';
import { legacySeal } from '../test/legacySeal';

describe('secretBox', () => {
  const box = secretBox('a-session-secret', 'mfa');
  const owner = 'tenant:1:member:7';

  it('opens what it sealed, with a fresh IV each time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP', owner);
    const b = box.seal('JBSWY3DPEHPK3PXP', owner);
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a, owner)).toBe('JBSWY3DPEHPK3PXP');
    expect(isLegacy(a)).toBe(false);
  });

  it('refuses a different key, purpose, owner or a tampered text', () => {
    const sealed = box.seal('secret', owner);
    expect(() => secretBox('another-secret', 'mfa').open(sealed, owner)).toThrow();
    expect(() => secretBox('a-session-secret', 'other').open(sealed, owner)).toThrow();
    // The owner is bound as associated data, so a copied sealed secret does not open elsewhere.
    expect(() => box.open(sealed, 'tenant:1:member:8')).toThrow();
    expect(() => box.open(sealed, 'tenant:2:member:7')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('x' + Buffer.from(parts[3]!, 'base64url').toString('latin1'), 'latin1').toString('base64url');
    expect(() => box.open(parts.join('.'), owner)).toThrow();
    expect(() => box.open('garbage', owner)).toThrow();
  });

  it('still opens secrets sealed by the previous version, and says they need sealing again', () => {
    const old = legacySeal('a-session-secret', 'mfa', 'JBSWY3DPEHPK3PXP');
    expect(isLegacy(old)).toBe(true);
    expect(box.open(old, owner)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => secretBox('another-secret', 'mfa').open(old, owner)).toThrow();
  });
});
