import { describe, expect, it } from 'vitest';
import { blocksText, htmlToBlocks } from './html-blocks';

const plain = { bold: false, italic: false, underline: false, link: null };

describe('htmlToBlocks', () => {
  it('turns the editor subset into blocks of styled runs', () => {
    const blocks = htmlToBlocks('<h1>Otsikko</h1><p>Hei <strong>lihava <em>ja vino</em></strong> <u>alleviivattu</u><br>uusi rivi</p>');
    expect(blocks).toEqual([
      { kind: 'h1', runs: [{ ...plain, text: 'Otsikko' }], depth: 0, marker: '' },
      {
        kind: 'p',
        depth: 0,
        marker: '',
        runs: [
          { ...plain, text: 'Hei ' },
          { ...plain, bold: true, text: 'lihava ' },
          { ...plain, bold: true, italic: true, text: 'ja vino' },
          { ...plain, text: ' ' },
          { ...plain, underline: true, text: 'alleviivattu' },
          { ...plain, text: '\nuusi rivi' },
        ],
      },
    ]);
  });

  it('numbers ordered lists (from start), marks bullets and nests', () => {
    const blocks = htmlToBlocks('<ol start="3"><li><p>kolme</p></li><li><p>neljä</p><ul><li><p>sisempi</p></li></ul></li></ol><ul><li>pallo</li></ul>');
    expect(blocks.map((b) => [b.kind, b.marker, b.depth, b.runs.map((r) => r.text).join('')])).toEqual([
      ['li', '3.', 1, 'kolme'],
      ['li', '4.', 1, 'neljä'],
      ['li', '•', 2, 'sisempi'],
      ['li', '•', 1, 'pallo'],
    ]);
  });

  it('collapses whitespace, decodes entities, drops scripts and styles but keeps unknown tags’ text', () => {
    const blocks = htmlToBlocks('<p>  Yksi\n\n   kaksi &amp; &lt;kolme&gt; &euro;</p><script>alert("x")</script><style>p{}</style><p><span>neljä</span> <marquee>viisi</marquee></p>');
    expect(blocksText(blocks)).toBe('Yksi kaksi & <kolme> €\nneljä viisi');
  });

  it('prints a link’s address after its text unless the text is the address; only web and mail links are kept', () => {
    const text = blocksText(
      htmlToBlocks('<p><a href="https://seura.fi/a">sivut</a>, <a href="https://seura.fi">https://seura.fi</a>, <a href="mailto:h@seura.fi">h@seura.fi</a>, <a href="javascript:alert(1)">paha</a></p>'),
    );
    expect(text).toBe('sivut (https://seura.fi/a), https://seura.fi, h@seura.fi, paha');
    const runs = htmlToBlocks('<p><a href="https://seura.fi/a">sivut</a> <a href="javascript:x()">paha</a></p>')[0]!.runs;
    expect(runs.find((r) => r.text === 'sivut')?.link).toBe('https://seura.fi/a');
    expect(runs.some((r) => r.link?.startsWith('javascript'))).toBe(false);
  });

  it('keeps empty paragraphs as blank lines and nothing for empty input', () => {
    expect(htmlToBlocks('<p>a</p><p></p><p>b</p>').map((b) => b.kind)).toEqual(['p', 'p', 'p']);
    expect(htmlToBlocks('')).toEqual([]);
  });
});
