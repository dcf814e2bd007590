import { describe, expect, it } from 'vitest';
import { draftKey, EMPTY_DRAFT, htmlToSmsText, saveBody, smsSegments, textToHtml } from './composerModel';
import { priceRowText } from '../../components/priceRows';

describe('htmlToSmsText', () => {
  it('drops formatting and keeps paragraphs, list items and link addresses', () => {
    const html =
      '<h2>Kevätkokous</h2><p>Tervetuloa <strong>torstaina</strong> klo 18.</p><ul><li><p>Kahvi</p></li><li><p>Pulla</p></li></ul>' +
      '<p>Lue lisää <a href="https://seura.fi/kokous">sivuiltamme</a> tai <a href="https://seura.fi">seura.fi</a>.</p>';
    expect(htmlToSmsText(html)).toBe(
      'Kevätkokous\n\nTervetuloa torstaina klo 18.\n\n- Kahvi\n- Pulla\n\nLue lisää sivuiltamme (https://seura.fi/kokous) tai https://seura.fi.',
    );
  });

  it('decodes entities and leaves no tags', () => {
    expect(htmlToSmsText('<p>A &amp; B &lt;3</p>')).toBe('A & B <3');
    expect(htmlToSmsText('')).toBe('');
  });
});

describe('textToHtml', () => {
  it('makes paragraphs of blank-line separated text and escapes markup', () => {
    expect(textToHtml('Hei <kaikki>\nrivi 2\n\nToinen')).toBe('<p>Hei &lt;kaikki&gt;<br>rivi 2</p><p>Toinen</p>');
    expect(textToHtml('  ')).toBe('');
  });
});

describe('smsSegments', () => {
  it('marks the characters that become question marks', () => {
    expect(smsSegments('Hei “kaikki” ✓ ok')).toEqual([
      { text: 'Hei ', unsupported: false },
      { text: '“', unsupported: true },
      { text: 'kaikki', unsupported: false },
      { text: '”', unsupported: true },
      { text: ' ', unsupported: false },
      { text: '✓', unsupported: true },
      { text: ' ok', unsupported: false },
    ]);
    expect(smsSegments('Äö€?')).toEqual([{ text: 'Äö€?', unsupported: false }]);
  });
});

describe('priceRowText', () => {
  it('reads "count × unit price" in Finnish money format', () => {
    // Intl writes no-break spaces (the amount never wraps from its €); compared as spaces.
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(priceRowText({ count: 120, unit_cents: 8 }))).toBe('120 × 0,08 €');
    expect(plain(priceRowText({ count: 1500, unit_cents: 150 }))).toBe('1 500 × 1,50 €');
  });
});

describe('drafts', () => {
  it('sees the order of picked members as no change', () => {
    expect(draftKey({ ...EMPTY_DRAFT, addrecips: [3, 1] })).toBe(draftKey({ ...EMPTY_DRAFT, addrecips: [1, 3] }));
    expect(draftKey({ ...EMPTY_DRAFT, subject: 'a' })).not.toBe(draftKey(EMPTY_DRAFT));
  });

  it('sends the id only for a saved draft', () => {
    expect(saveBody(EMPTY_DRAFT, null, false)).not.toHaveProperty('id');
    expect(saveBody(EMPTY_DRAFT, 7, true)).toMatchObject({ id: 7, send: true, msg_media: 'email' });
  });
});
