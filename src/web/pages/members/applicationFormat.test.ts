import { describe, expect, it } from 'vitest';
import { embedSnippet, formatHelsinkiDate, sortDuplicates } from './applicationFormat';

describe('formatHelsinkiDate', () => {
  it('gives the Helsinki calendar day, d.M.yyyy', () => {
    expect(formatHelsinkiDate('2026-03-05T12:05:00.000Z')).toBe('5.3.2026');
    // 23.30 UTC on 31 Dec is already New Year in Helsinki.
    expect(formatHelsinkiDate('2025-12-31T23:30:00Z')).toBe('1.1.2026');
    expect(formatHelsinkiDate('nonsense')).toBe('nonsense');
  });
});

describe('embedSnippet', () => {
  it('is the iframe of the embeddable form', () => {
    expect(embedSnippet('https://seura.example', '/@apply', 'Jäsenhakemus')).toBe(
      '<iframe src="https://seura.example/@apply?embed=1" title="Jäsenhakemus" style="width:100%;min-height:900px;border:0"></iframe>',
    );
  });

  it('escapes the title', () => {
    expect(embedSnippet('https://x', '/@apply', 'A "B" & <C>')).toContain('title="A &quot;B&quot; &amp; &lt;C>"');
  });
});

describe('sortDuplicates', () => {
  it('puts the strongest reason first, then by name', () => {
    const sorted = sortDuplicates([
      { id: 1, fullname_: 'Öhman Ö', reason: 'name_birthdate' },
      { id: 2, fullname_: 'Bertta B', reason: 'phone' },
      { id: 3, fullname_: 'Aino A', reason: 'phone' },
      { id: 4, fullname_: 'Ville V', reason: 'email' },
    ]);
    expect(sorted.map((d) => d.id)).toEqual([4, 3, 2, 1]);
  });
});
