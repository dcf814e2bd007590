import { describe, expect, it } from 'vitest';
import { safeGoto } from './PaymentMethodPage';

describe('safeGoto', () => {
  it('goes only to paths inside the app', () => {
    expect(safeGoto('/announcements/5')).toBe('/announcements/5');
    expect(safeGoto('https://evil.example/')).toBe('/');
    expect(safeGoto('//evil.example/')).toBe('/');
    expect(safeGoto('/\\evil.example')).toBe('/');
    expect(safeGoto(null, '/announcements')).toBe('/announcements');
  });
});
