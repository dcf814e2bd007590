import { describe, expect, it } from 'vitest';
import { acceptCode, codeAt, enrollment, newSecret, stepAt } from './totp';

// RFC 6238 appendix B, SHA-1 seed "12345678901234567890" (base32 below), 8 digits there;
// the 6-digit codes are the last six digits of the published values.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('totp', () => {
  it('matches the RFC 6238 test vectors (6 digits)', () => {
    expect(codeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(codeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(codeAt(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(codeAt(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('accepts one step of drift either way, not two', () => {
    const now = 1_700_000_000_000;
    const s = newSecret();
    expect(acceptCode(s, codeAt(s, now), now, 0)).toBe(stepAt(now));
    expect(acceptCode(s, codeAt(s, now - 30_000), now, 0)).toBe(stepAt(now) - 1);
    expect(acceptCode(s, codeAt(s, now + 30_000), now, 0)).toBe(stepAt(now) + 1);
    expect(acceptCode(s, codeAt(s, now - 60_000), now, 0)).toBeNull();
    expect(acceptCode(s, '000000', now, 0) === null || codeAt(s, now) === '000000').toBe(true);
  });

  it('refuses a code of a step already used, or older', () => {
    const now = 1_700_000_000_000;
    const s = newSecret();
    const step = acceptCode(s, codeAt(s, now), now, 0)!;
    expect(acceptCode(s, codeAt(s, now), now, step)).toBeNull();
    expect(acceptCode(s, codeAt(s, now - 30_000), now, step)).toBeNull();
    expect(acceptCode(s, codeAt(s, now + 30_000), now + 30_000, step)).toBe(step + 1);
  });

  it('gives an otpauth URL and an SVG QR code for enrolment', async () => {
    const s = newSecret();
    expect(s).toMatch(/^[A-Z2-7]{32}$/);
    const e = await enrollment(s, 'admin@example.fi', 'Seura – Demoyhdistys');
    expect(e.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(e.otpauth_url).toContain(`secret=${s}`);
    expect(e.qr_svg).toMatch(/^<svg/);
  });
});
