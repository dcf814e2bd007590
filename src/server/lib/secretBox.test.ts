import { describe, expect, it } from 'vitest';
import { secretBox } from './secretBox';

describe('secretBox', () => {
  const box = secretBox('a-session-secret', 'mfa');

  it('opens what it sealed, with a fresh IV each time', () => {
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a different key, purpose or a tampered text', () => {
    const sealed = box.seal('secret');
    expect(() => secretBox('another-secret', 'mfa').open(sealed)).toThrow();
    expect(() => secretBox('a-session-secret', 'other').open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('x' + Buffer.from(parts[3]!, 'base64url').toString('latin1'), 'latin1').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => box.open('garbage')).toThrow();
  });
});
