import { describe, expect, it } from 'vitest';
import { neutralizeCell } from './neutralize';

describe('neutralizeCell', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `'=HYPERLINK("http://evil","x")`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['+cmd|calc', `'+cmd|calc`],
    ['-2+3+cmd|x', `'-2+3+cmd|x`],
    ['\t=1', `'\t=1`],
    ['+358401234567', '+358401234567'],
    ['+358 40 123 4567', '+358 40 123 4567'],
    ['-12,50', '-12,50'],
    ['-5', '-5'],
    ['Mäkinen', 'Mäkinen'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(neutralizeCell(input)).toBe(expected);
  });
});
