import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStatement } from './index';
import { errorOf } from './testing';
import { StatementError } from '../types';
import { BANK_MAX_FILE_BYTES, BANK_MAX_PAYMENTS } from '../../../../shared/constants';
import { camt054, ktl } from '../../../test/factories/bank-statements';

// Hostile and broken input: every problem is a StatementError with a message key, never a crash,
// and nothing in a file makes the parser expand entities or fetch anything.

const NS = 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.02';

describe('XML bombs and DOCTYPEs', () => {
  it('refuses a billion-laughs file before expanding anything', () => {
    const lol = ['<!ENTITY lol0 "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`)].join('\n');
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE Document [\n${lol}\n]>\n<Document xmlns="${NS}"><BkToCstmrDbtCdtNtfctn>&lol9;</BkToCstmrDbtCdtNtfctn></Document>`;
    // Refused at the DOCTYPE on line 2: an expanding parser would never get past &lol9; (10^9 copies).
    expect(errorOf(() => parseStatement(Buffer.from(bomb)))).toMatchObject({ key: 'bank_file_unreadable', params: { line: '2' } });
  });

  it('refuses an external entity (XXE) and any DOCTYPE, whatever its case', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document xmlns="${NS}">&x;</Document>`;
    expect(errorOf(() => parseStatement(Buffer.from(xxe))).key).toBe('bank_file_unreadable');
    expect(errorOf(() => parseStatement(Buffer.from(`<!doctype Document><Document xmlns="${NS}"/>`))).key).toBe('bank_file_unreadable');
  });

  it('does not expand an undeclared entity reference', () => {
    const file = camt054({ account: 'FI2112345600000785', payments: [{ amount_c: 100, message: 'PLACEHOLDER' }] }).replace('PLACEHOLDER', '&secret;');
    expect(errorOf(() => parseStatement(Buffer.from(file))).key).toBe('bank_file_unreadable');
  });
});

describe('broken files', () => {
  const good = camt054({ account: 'FI2112345600000785', payments: [{ amount_c: 2500, reference: '1232' }] });

  it.each([
    ['an unclosed element', good.replace('</Ntfctn>', '')],
    ['a mismatched end tag', good.replace('</NtryRef>', '</NtryReff>')],
    ['a stray end tag', good.replace('</Ntfctn>', '</Ntfctn></Stray>')],
    ['a cut-off file', good.slice(0, Math.floor(good.length / 2))],
    ['text after the root', `${good}trailing`],
    ['a second root', `${good}<Document/>`],
    ['a bare < in text', good.replace('<Nm>Maksaja</Nm>', '<Nm>a < b</Nm>')],
    ['a bare & in text', good.replace('<Nm>Maksaja</Nm>', '<Nm>A & B</Nm>')],
  ])('calls %s unreadable, with a line', (_, text) => {
    const e = errorOf(() => parseStatement(Buffer.from(text)));
    expect(e.key).toBe('bank_file_unreadable');
    expect(Number(e.params.line)).toBeGreaterThan(0);
  });

  it('reads CDATA and character references as text', () => {
    const file = good.replace('<Ref>1232</Ref>', '<Ref><![CDATA[12 32]]></Ref>').replace('<Nm>Maksaja</Nm>', '<Nm>M&#228;kinen &amp; &#x4B;</Nm>');
    expect(parseStatement(Buffer.from(file)).payments[0]).toMatchObject({ reference: '1232', payer_name: 'Mäkinen & K' });
  });

  it('calls empty, binary, UTF-16 and other text files an unknown format', () => {
    for (const bytes of [Buffer.alloc(0), Buffer.from([0x00, 0x01, 0x02]), Buffer.from('\ufeffx', 'utf16le'), Buffer.from('Nimi;Summa\nMatti;25\n'), Buffer.from('{"a":1}')]) {
      expect(errorOf(() => parseStatement(bytes)).key).toBe('bank_file_unknown_format');
    }
  });

  it('never throws anything but a StatementError, whatever the bytes (property)', () => {
    const seeds = [good, ktl({ account: 'FI2112345600000785', payments: [{ amount_c: 2500, reference: '1232' }] })];
    fc.assert(
      fc.property(fc.constantFrom(...seeds), fc.nat(), fc.nat(), fc.string({ maxLength: 12 }), (seed, at, len, insert) => {
        const start = at % seed.length;
        const mutated = seed.slice(0, start) + insert + seed.slice(start + (len % 20));
        try {
          parseStatement(Buffer.from(mutated));
        } catch (e) {
          expect(e).toBeInstanceOf(StatementError);
        }
      }),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        try {
          parseStatement(Buffer.from(bytes));
        } catch (e) {
          expect(e).toBeInstanceOf(StatementError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('limits', () => {
  it('refuses a file larger than BANK_MAX_FILE_BYTES', () => {
    expect(errorOf(() => parseStatement(Buffer.alloc(BANK_MAX_FILE_BYTES + 1, 0x20))).key).toBe('bank_file_too_large');
  });

  it('refuses more than BANK_MAX_PAYMENTS payments, and reads exactly that many', () => {
    const payments = Array.from({ length: BANK_MAX_PAYMENTS }, (_, i) => ({ amount_c: 100 + i, archive_id: `A${i}` }));
    const atLimit = ktl({ account: 'FI2112345600000785', payments });
    expect(parseStatement(Buffer.from(atLimit)).payments).toHaveLength(BANK_MAX_PAYMENTS);
    const over = camt054({ account: 'FI2112345600000785', payments: [...payments, { amount_c: 1, archive_id: 'over' }] });
    expect(errorOf(() => parseStatement(Buffer.from(over)))).toMatchObject({ key: 'bank_file_too_many_payments', params: { max: String(BANK_MAX_PAYMENTS) } });
  });
});
