import { describe, expect, it } from 'vitest';
import { htmlToPlainText, renderEmail, sanitizeContent } from './email-render';

const opts = { webViewUrl: 'https://jasenet.example.fi/msg/show/email/abc.def', associationName: 'Seura & Co ry' };

describe('renderEmail', () => {
  it('keeps the editor subset and drops scripts, handlers, styles and other schemes', () => {
    const { html } = renderEmail(
      '<h2>Otsikko</h2><p onclick="x()" style="color:red">Hei <strong>kaikki</strong> <em>ja</em> <u>muut</u><script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">paha</a><a href="https://seura.fi/x" target="_top" onmouseover="y()">hyvä</a><img src="https://t.example/p.gif"><iframe src="x"></iframe>',
      opts,
    );
    expect(html).toContain('<h2>Otsikko</h2>');
    expect(html).toContain('<p>Hei <strong>kaikki</strong> <em>ja</em> <u>muut</u></p>');
    expect(html).toContain('<a href="https://seura.fi/x" target="_blank" rel="noopener noreferrer">hyvä</a>');
    expect(html).not.toMatch(/script|onclick|onmouseover|javascript:|<img|<iframe|color:red/);
    expect(html).toContain('<a>paha</a>');
  });

  it('has a footer with the association name (escaped) and the web-view link', () => {
    const { html, text } = renderEmail('<p>Hei</p>', opts);
    expect(html).toContain('Seura &amp; Co ry');
    expect(html).toContain(`href="${opts.webViewUrl}"`);
    expect(html).toContain('lang="fi"');
    expect(text).toBe(`Hei\n\n--\nSeura & Co ry\nAvaa viesti selaimessa: ${opts.webViewUrl}\n`);
  });

  it('leaves the web-view link out when there is none (preview)', () => {
    const { html, text } = renderEmail('<p>Hei</p>', { webViewUrl: null, associationName: 'Seura ry' });
    expect(html).not.toContain('Avaa viesti selaimessa');
    expect(text).toBe('Hei\n\n--\nSeura ry\n');
  });

  it('writes links out in the plain-text part', () => {
    const { text } = renderEmail(
      '<p>Lue <a href="https://seura.fi/uutiset">uutiset</a> tai <a href="https://seura.fi">https://seura.fi</a>, kysy <a href="mailto:h@seura.fi">h@seura.fi</a>.</p>',
      opts,
    );
    expect(text.split('\n')[0]).toBe('Lue uutiset (https://seura.fi/uutiset) tai https://seura.fi, kysy h@seura.fi.');
  });
});

describe('htmlToPlainText', () => {
  it('separates blocks, numbers ordered lists, marks bullets and keeps line breaks', () => {
    const html = sanitizeContent('<h1>Kokous</h1><p>Rivi 1<br>Rivi 2</p><ul><li>yksi</li><li>kaksi</li></ul><ol><li><p>eka</p></li><li><p>toka</p></li></ol><p>Loppu &amp; kiitos</p>');
    expect(htmlToPlainText(html)).toBe('Kokous\n\nRivi 1\nRivi 2\n\n- yksi\n- kaksi\n\n1. eka\n2. toka\n\nLoppu & kiitos');
  });

  it('is empty for empty content', () => {
    expect(htmlToPlainText('')).toBe('');
  });
});
