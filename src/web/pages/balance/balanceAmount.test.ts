import { describe, expect, it } from 'vitest';
import { amountInputText, balanceAmountError, splitEmails } from './balanceAmount';

describe('balance purchase amount', () => {
  it('shows the default as typed Finnish text', () => {
    expect(amountInputText(5000)).toBe('50');
    expect(amountInputText(7550)).toBe('75,50');
    expect(amountInputText(95)).toBe('0,95');
  });

  it('accepts comma or point decimals and refuses less than the minimum', () => {
    expect(balanceAmountError('50', 95)).toBeNull();
    expect(balanceAmountError('75,5', 95)).toBeNull();
    expect(balanceAmountError('1 000.00 €', 95)).toBeNull();
    expect(balanceAmountError('', 95)).toBe('_validation_field_required');
    expect(balanceAmountError('viisikymmentä', 95)).toBe('balance_amount_invalid');
    expect(balanceAmountError('0,90', 95)).toBe('balance_amount_too_small');
  });

  it('splits referral emails by line or comma', () => {
    expect(splitEmails('a@b.fi, c@d.fi\n\n e@f.fi ,')).toEqual(['a@b.fi', 'c@d.fi', 'e@f.fi']);
  });
});
