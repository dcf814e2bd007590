import { describe, expect, it } from 'vitest';
import { bicForFinnishBban } from './bank-codes';

describe('bicForFinnishBban', () => {
  // One BBAN per row of Finanssiala's list (plus the legacy codes kept for old accounts).
  it.each([
    ['10000000000000', 'NDEAFIHH'],
    ['29000000000000', 'NDEAFIHH'],
    ['31000000000000', 'HANDFIHH'],
    ['33000000000000', 'ESSEFIHX'],
    ['34000000000000', 'DABAFIHH'],
    ['36000000000000', 'SBANFIHH'],
    ['37000000000000', 'DNBAFIHX'],
    ['38000000000000', 'SWEDFIHH'],
    ['39000000000000', 'SBANFIHH'],
    ['40000000000000', 'ITELFIHH'],
    ['40500000000000', 'HELSFIHH'],
    ['42300000000000', 'ITELFIHH'],
    ['47000000000000', 'POPFFI22'],
    ['47900000000000', 'POPFFI22'],
    ['49600000000000', 'ITELFIHH'],
    ['49700000000000', 'HELSFIHH'],
    ['50000000000000', 'OKOYFIHH'],
    ['60000000000000', 'AABAFI22'],
    ['71100000000000', 'BSUIFIHH'],
    ['71300000000000', 'CITIFIHX'],
    ['71400000000000', 'EVSEFIHH'],
    ['71500000000000', 'ITELFIHH'],
    ['71700000000000', 'BIGKFIH1'],
    ['71800000000000', 'UASNFIH2'],
    ['79300000000000', 'TRYEFIH3'],
    ['79400000000000', 'PASXFIH2'],
    ['79500000000000', 'WAMOFIH2'],
    ['79600000000000', 'NARYFIH2'],
    ['79700000000000', 'TRYEFIH2'],
    ['79900000000000', 'HOLVFIHH'],
    ['80000000000000', 'DABAFIHH'],
  ])('%s → %s', (bban, bic) => {
    expect(bicForFinnishBban(bban)).toBe(bic);
  });

  it('returns null for codes nobody holds', () => {
    for (const bban of ['30000000000000', '40100000000000', '40900000000000', '48000000000000', '70000000000000', '90000000000000']) {
      expect(bicForFinnishBban(bban)).toBeNull();
    }
  });
});
