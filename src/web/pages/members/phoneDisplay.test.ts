import { describe, expect, it } from 'vitest';
import { formatPhone, loadPhoneFormat } from './phoneDisplay';

describe('formatPhone', () => {
  it('formats Finnish mobiles at once, and foreign numbers once the library has loaded', async () => {
    expect(formatPhone('+358401234567')).toBe('040 123 4567');
    // Before the library: the stored form, never a wrong one.
    expect(formatPhone('+46701234567')).toBe('+46701234567');
    await loadPhoneFormat();
    expect(formatPhone('+46701234567')).toBe('+46 70 123 45 67');
    expect(formatPhone('+358401234567')).toBe('040 123 4567');
    expect(formatPhone('not a number')).toBe('not a number');
  });
});
