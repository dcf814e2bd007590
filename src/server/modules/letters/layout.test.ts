import { describe, expect, it } from 'vitest';
import { layoutLetter } from './layout';

const para = (n: number) => `<p>${'Yhdistyksen kevätkokous pidetään torstaina seuran tiloissa, ja kaikki jäsenet ovat tervetulleita. '.repeat(n)}</p>`;

describe('layoutLetter', () => {
  it('counts one page for a short letter and finds nothing wrong', async () => {
    expect(await layoutLetter('<h1>Kevätkokous</h1><p>Tervetuloa <strong>kokoukseen</strong>!</p>', { maxPages: 2 })).toEqual({ pages: 1, unsupported_chars: [], problems: [] });
  });

  it('counts pages by the real layout: the first page has less room under the address window', async () => {
    const pages = async (n: number) => (await layoutLetter(Array.from({ length: n }, () => para(2)).join(''), { maxPages: 16 })).pages;
    // Each paragraph is three lines (48.5 pt with its spacing): page 1 holds 10 below the
    // address window (100 mm to 277 mm), later pages 15 (20 mm to 277 mm).
    expect(await pages(10)).toBe(1);
    expect(await pages(11)).toBe(2);
    expect(await pages(25)).toBe(2);
    expect(await pages(26)).toBe(3);
  });

  it('reports letter_too_many_pages beyond maxPages (one A4 sheet for announcements)', async () => {
    const html = Array.from({ length: 26 }, () => para(2)).join('');
    const two = await layoutLetter(html, { maxPages: 2 });
    expect(two.pages).toBe(3);
    expect(two.problems).toEqual(['letter_too_many_pages']);
    expect((await layoutLetter(html, { maxPages: 16 })).problems).toEqual([]);
  });

  it('reports letter_page_too_long for a block that cannot fit one page, and still counts its pages', async () => {
    const r = await layoutLetter(para(100), { maxPages: 16 });
    expect(r.problems).toEqual(['letter_page_too_long']);
    expect(r.pages).toBe(3);
    const both = await layoutLetter(para(100), { maxPages: 2 });
    expect(both.problems).toEqual(['letter_too_many_pages', 'letter_page_too_long']);
  });

  it('lists the characters a letter cannot print, each once, and accepts Finnish, Swedish and typographic ones', async () => {
    const ok = await layoutLetter('<p>Åsa Öberg, Jyväskylä – ”lainaus” … 5 € • äÄöÖåÅ</p>', { maxPages: 2 });
    expect(ok.unsupported_chars).toEqual([]);
    const bad = await layoutLetter('<p>Ωmega 😀 and Ω again; Łódź</p>', { maxPages: 2 });
    expect(bad.unsupported_chars).toEqual(['Ω', '😀', 'Ł', 'ź']);
  });

  it('checks the printed link addresses and ignores markup and scripts', async () => {
    const r = await layoutLetter('<p><a href="https://esimerkki.fi/ä€">sivut</a><script>alert("Ω")</script></p>', { maxPages: 2 });
    expect(r.unsupported_chars).toEqual([]);
    expect((await layoutLetter('<p><a href="https://xn--Ω.fi">sivut</a></p>', { maxPages: 2 })).unsupported_chars).toEqual(['Ω']);
  });

  it('counts an empty letter as one page', async () => {
    expect((await layoutLetter('', { maxPages: 2 })).pages).toBe(1);
  });
});
