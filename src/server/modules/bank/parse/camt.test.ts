import { describe, expect, it } from 'vitest';
import { parseStatement } from './index';
import { errorOf, fixture } from './testing';

// camt.054 and camt.053 on the sample files (fixtures/SOURCES.md says where each comes from).

describe('camt.054 (Danske Bank example, v02)', () => {
  const parsed = parseStatement(fixture('danske-camt054-v02.xml'));

  it('makes one payment per transaction of a multi-transaction entry, each with its own amount and archive id', () => {
    expect(parsed.format).toBe('camt054');
    expect(parsed.accounts).toEqual(['FI9881234511224450']);
    expect(parsed.payments.slice(0, 2)).toEqual([
      { archive_id: '1109168E0049198529', account: 'FI9881234511224450', amount_c: 14700, booking_date: '2011-09-16', value_date: '2011-09-16', payer_name: 'Maksaja', reference: '123', message: '' },
      { archive_id: '1109168E0049198530', account: 'FI9881234511224450', amount_c: 3600, booking_date: '2011-09-16', value_date: '2011-09-16', payer_name: 'Maksaja', reference: 'RF74100978', message: '' },
    ]);
    // The entry's 183.00 is never a payment of its own.
    expect(parsed.payments.map((p) => p.amount_c)).not.toContain(18300);
  });

  it('keeps a national reference as given, zero padding included', () => {
    expect(parsed.payments[2]).toMatchObject({ archive_id: '1109158E0049179974', amount_c: 1000, reference: '00000006450830029863' });
    expect(parsed.ignored).toBe(0);
  });
});

describe('camt.054 written to the v08 schema (BOM, CRLF, PDNG, INFO, debit)', () => {
  const parsed = parseStatement(fixture('written-camt054-v08-mixed.xml'));

  it('reads only the booked credits; PDNG, INFO and debit entries are counted as ignored', () => {
    expect(parsed.payments).toHaveLength(4);
    expect(parsed.ignored).toBe(3);
    expect(parsed.payments.map((p) => p.amount_c)).toEqual([2500, 3500, 6000, 4000]);
  });

  it('compacts references: spaces removed, RF upper-cased; names and text decoded', () => {
    expect(parsed.accounts).toEqual(['FI2112345600000785']);
    expect(parsed.payments.map((p) => p.reference)).toEqual(['1232', '123453', 'RF18539007547034', null]);
    expect(parsed.payments[1]!.payer_name).toBe('Mäkinen Liisa');
    expect(parsed.payments[2]!.payer_name).toBe('Korhonen & Co');
  });

  it('gives a transaction without AcctSvcrRef the entry archive id and its index', () => {
    expect(parsed.payments[3]).toMatchObject({ archive_id: '250314593497VB0001-4', message: 'Jäsenmaksu 2025, lasku 1042', payer_name: 'Nieminen Aino' });
  });

  it('reads the same file without BOM and with LF or CR line ends alike', () => {
    const text = fixture('written-camt054-v08-mixed.xml').toString('utf8').replace(/^\ufeff/, '');
    for (const variant of [text.replace(/\r\n/g, '\n'), text.replace(/\r\n/g, '\r')]) {
      expect(parseStatement(Buffer.from(variant))).toEqual(parsed);
    }
  });
});

describe('camt.053 account statements', () => {
  it('reads reference payments inside the statement entries (written v04)', () => {
    const parsed = parseStatement(fixture('written-camt053-v04-reference-payments.xml'));
    expect(parsed.format).toBe('camt053');
    expect(parsed.accounts).toEqual(['FI4950009420028730']);
    expect(parsed.payments.map((p) => [p.archive_id, p.amount_c, p.reference, p.payer_name, p.message])).toEqual([
      ['250314578800012360', 4550, '00000000000000013453', 'SALONEN KAISA', ''],
      ['250314578800012361', 2450, 'RF81123453', 'LEHTONEN JUHA', ''],
      ['250314578800012362', 5000, null, 'RANTANEN EEVA', 'Jasenmaksu Eeva ja Ville Rantanen'],
    ]);
    expect(parsed.ignored).toBe(1);
  });

  it('reads the OP example (v02): a reference and message; no transaction archive id, so the entry one + index', () => {
    const parsed = parseStatement(fixture('op-camt053-v02.xml'));
    expect(parsed.payments).toEqual([
      {
        archive_id: '140103578800012359-1',
        account: 'FI1557169020004185',
        amount_c: 115923,
        booking_date: '2014-01-03',
        value_date: '2014-01-03',
        payer_name: '',
        reference: '00000000803628206247',
        message: 'Message on statement',
      },
    ]);
  });
});

describe('what is not a camt.053/054 statement', () => {
  it('calls a camt.052 report an unknown format', () => {
    expect(errorOf(() => parseStatement(fixture('camt052-not-supported.xml'))).key).toBe('bank_file_unknown_format');
  });

  it('calls camt.054 before version 02 an unknown format, and accepts later versions', () => {
    const v01 = fixture('danske-camt054-v02.xml').toString().replace('camt.054.001.02"', 'camt.054.001.01"');
    expect(errorOf(() => parseStatement(Buffer.from(v01))).key).toBe('bank_file_unknown_format');
    const v10 = fixture('danske-camt054-v02.xml').toString().replace('camt.054.001.02"', 'camt.054.001.10"');
    expect(parseStatement(Buffer.from(v10)).payments).toHaveLength(3);
  });

  it('finds the namespace whatever the attribute order, and under a prefix', () => {
    const text = fixture('danske-camt054-v02.xml').toString();
    const reordered = text.replace(
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
      '<Document xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"',
    );
    expect(parseStatement(Buffer.from(reordered)).payments).toHaveLength(3);
    const prefixed = text
      .replace(/<(\/?)([A-Za-z])/g, '<$1ns0:$2')
      .replace('<ns0:Document xmlns=', '<ns0:Document xmlns:ns0=');
    expect(parseStatement(Buffer.from(prefixed))).toEqual(parseStatement(Buffer.from(text)));
  });

  it('reads a file that declares ISO-8859-1 in that encoding', () => {
    const text = fixture('danske-camt054-v02.xml')
      .toString()
      .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
      .replace('<Nm>Maksaja</Nm>', '<Nm>Mäkinen Åsa</Nm>');
    expect(parseStatement(Buffer.from(text, 'latin1')).payments[0]!.payer_name).toBe('Mäkinen Åsa');
  });

  it('ignores a reversed credit entry', () => {
    const text = fixture('danske-camt054-v02.xml').toString().replace('<Sts>BOOK</Sts>', '<RvslInd>true</RvslInd><Sts>BOOK</Sts>');
    expect(parseStatement(Buffer.from(text))).toMatchObject({ ignored: 1, payments: [{ archive_id: '1109158E0049179974' }] });
  });

  it('refuses an amount that is not a plain decimal, with its line', () => {
    const bad = fixture('danske-camt054-v02.xml').toString().replace('<Amt Ccy="EUR">147.00</Amt>', '<Amt Ccy="EUR">147,00</Amt>');
    const e = errorOf(() => parseStatement(Buffer.from(bad)));
    expect(e.key).toBe('bank_file_unreadable');
    expect(Number(e.params.line)).toBeGreaterThan(80);
  });

  it('counts a transaction in another currency as ignored, and reads amounts exactly in cents', () => {
    const text = fixture('danske-camt054-v02.xml').toString();
    const sek = text.replace('<Amt Ccy="EUR">36.00</Amt>', '<Amt Ccy="SEK">36.00</Amt>');
    expect(parseStatement(Buffer.from(sek))).toMatchObject({ ignored: 1 });
    const cents = text.replace('<Amt Ccy="EUR">147.00</Amt>', '<Amt Ccy="EUR">1234567.895000</Amt>');
    expect(errorOf(() => parseStatement(Buffer.from(cents))).key).toBe('bank_file_unreadable');
    const exact = text.replace('<Amt Ccy="EUR">147.00</Amt>', '<Amt Ccy="EUR">0.29</Amt>');
    expect(parseStatement(Buffer.from(exact)).payments[0]!.amount_c).toBe(29);
  });
});
