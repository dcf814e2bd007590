import { describe, expect, it } from 'vitest';
import { mooneyIdOfReference } from './checkoutReference';

describe('mooneyIdOfReference', () => {
  const id = '0b4a6c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b';

  it('takes the payment item id from the third dash-separated part onwards', () => {
    expect(mooneyIdOfReference(`seura-17-${id}`)).toBe(id);
    expect(mooneyIdOfReference(` SEURA-3-${id.toUpperCase()} `)).toBe(id);
  });

  it('refuses references that are not ours', () => {
    expect(mooneyIdOfReference(null)).toBeNull();
    expect(mooneyIdOfReference('')).toBeNull();
    expect(mooneyIdOfReference(id)).toBeNull();
    expect(mooneyIdOfReference('seura-1-not-an-id')).toBeNull();
    expect(mooneyIdOfReference(`seura-1-${id}-x`)).toBeNull();
  });
});
