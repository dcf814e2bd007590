import { describe, expect, it } from 'vitest';
import { createDocument, mm, toBuffer } from '../pdf/document';
import { pageToPng, pdfPageCount, pdfWords, runningTools } from '../pdf/poppler';
import { LETTER_GEOMETRY, renderLetter, type LetterInput } from './letter';
import { layoutLetter } from './layout';

async function pdfOf(letters: LetterInput[], evenPages = false): Promise<Buffer> {
  const doc = createDocument({ title: 'Kirje' });
  for (const l of letters) renderLetter(doc, l, { evenPages });
  return toBuffer(doc);
}

const letter: LetterInput = {
  sender: ['Demoyhdistys ry', 'info@demo.fi'],
  address: ['Åsa Öberg-Järvinen', 'Östra Strandgatan 12 B 5', '65100 Vaasa'],
  html: '<h2>Kallelse till årsmöte</h2><p>Välkommen till <strong>föreningens</strong> årsmöte på <em>lördag</em>. Anmäl dig på <a href="https://exempel.fi/möte">webbplatsen</a>.</p><ul><li><p>Kaffe</p></li></ul><p>Hyvä jäsen – tervetuloa! Hinta 5 €.</p>',
  date: '24.11.2026',
};

describe('letter PDF', () => {
  it('opens in poppler: pdfinfo counts the pages layoutLetter counts, pdftoppm renders a PNG', async () => {
    const html = Array.from({ length: 14 }, (_, i) => `<p>Kappale ${String(i)}: ${'Jäsenkirje, jossa on paljon asiaa. '.repeat(6)}</p>`).join('');
    const pdf = await pdfOf([{ ...letter, html }]);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages } = await layoutLetter(html, { maxPages: 16 });
    expect(pages).toBe(2);
    expect(await pdfPageCount(pdf)).toBe(2);
    const png = await pageToPng(pdf, 2, 600);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(20)).toBe(600); // height: A4 is taller than wide
  });

  it('puts the whole address block inside the window of C5/E65 envelopes, below the sender', async () => {
    const words = await pdfWords(await pdfOf([letter]));
    const w = LETTER_GEOMETRY.window;
    const addressWords = words.filter((x) => ['Åsa', 'Öberg-Järvinen', 'Östra', 'Strandgatan', '65100', 'Vaasa'].includes(x.text));
    expect(addressWords).toHaveLength(6);
    for (const x of addressWords) {
      expect(x.page).toBe(1);
      expect(x.xMin).toBeGreaterThanOrEqual(w.x - 0.5);
      expect(x.xMax).toBeLessThanOrEqual(w.x + w.width);
      expect(x.yMin).toBeGreaterThanOrEqual(w.y);
      expect(x.yMax).toBeLessThanOrEqual(w.y + w.height);
    }
    // 20 mm from the left edge, the first line about 45 mm from the top.
    const first = addressWords.find((x) => x.text === 'Åsa')!;
    expect(Math.abs(first.xMin - mm(20))).toBeLessThan(1);
    expect(first.yMin / mm(1)).toBeGreaterThan(44);
    expect(first.yMin / mm(1)).toBeLessThan(50);
    // The sender sits above the window and the text starts below it.
    const sender = words.find((x) => x.text === 'Demoyhdistys')!;
    expect(sender.yMax).toBeLessThan(w.y);
    const heading = words.find((x) => x.text === 'Kallelse')!;
    expect(heading.yMin).toBeGreaterThan(w.y + w.height);
  });

  it('prints Finnish and Swedish letters and the link address, with the fonts embedded', async () => {
    const pdf = await pdfOf([letter]);
    const text = (await pdfWords(pdf)).map((w) => w.text).join(' ');
    for (const word of ['Välkommen', 'föreningens', 'årsmöte', 'lördag.', '(https://exempel.fi/möte).', '•', 'Kaffe', 'jäsen', '–', 'tervetuloa!', '€.', '24.11.2026']) expect(text).toContain(word);
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
  });

  it('pads each letter to an even page count in a file printed double-sided', async () => {
    const pdf = await pdfOf([letter, { ...letter, address: ['Matti Meikäläinen', 'Kotikatu 1', '00100 Helsinki'] }], true);
    expect(await pdfPageCount(pdf)).toBe(4);
    const matti = (await pdfWords(pdf)).find((w) => w.text === 'Matti')!;
    expect(matti.page).toBe(3);
  });
});

describe('poppler calls', () => {
  it('run at most two at a time and all finish', async () => {
    const pdf = await pdfOf([letter]);
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, runningTools())), 1);
    const pngs = await Promise.all(Array.from({ length: 6 }, () => pageToPng(pdf, 1, 200)));
    clearInterval(watch);
    for (const png of pngs) expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(most).toBe(2);
    expect(runningTools()).toBe(0);
  });
});
