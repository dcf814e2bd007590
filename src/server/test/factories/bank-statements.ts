// Tests only: bank statement files as Finnish banks deliver them, so a test can build a
// statement from the references of invoices it has just sent. camt.054 is the "saapuvat
// viitemaksut" notification, camt.053 the account statement carrying the same entries, KTL the
// older fixed-width reference payment file. The parser (modules/bank/parse) reads them all back.

export interface BuiltPayment {
  amount_c: number;
  /** National (digits, spaces allowed) or RF; null/absent: no structured reference. */
  reference?: string | null;
  /** Unstructured remittance text (camt only; KTL has none). */
  message?: string;
  payer_name?: string;
  /** Defaults to a unique 16-character id (fits KTL's archive id field). */
  archive_id?: string;
  /** YYYY-MM-DD; defaults to today. */
  booking_date?: string;
  /** YYYY-MM-DD; defaults to the booking date. */
  value_date?: string;
  /** camt only: a debit entry (ignored by the parser). Default CRDT. */
  credit_debit?: 'CRDT' | 'DBIT';
  /** camt only: entry status (only BOOK counts). Default BOOK. */
  status?: 'BOOK' | 'PDNG' | 'INFO';
  /** KTL only: a correction (reversal) record, oikaisutunnus 1 (ignored by the parser). */
  correction?: boolean;
}

export type CamtVersion = '02' | '04' | '08';

export interface CamtOptions {
  /** The credited account: an IBAN (spaces allowed). */
  account: string;
  payments: BuiltPayment[];
  version?: CamtVersion;
  msgId?: string;
}

export interface KtlOptions {
  /** IBAN (FI…) or the 14-digit machine form of a Finnish account. */
  account: string;
  payments: BuiltPayment[];
  /** Write these totals in the 9 record instead of the true ones (a file that does not add up). */
  totalsOverride?: { count?: number; sum_c?: number };
}

let seq = Math.floor(Math.random() * 1_000_000) * 1000;

/** A unique archive id of 16 characters: date YYMMDD + 10 digits. */
export function nextArchiveId(): string {
  seq += 1;
  return `${today().slice(2).replace(/-/g, '')}${String(seq).padStart(10, '0')}`;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

interface Filled {
  amount_c: number;
  reference: string | null;
  message: string;
  payer_name: string;
  archive_id: string;
  booking_date: string;
  value_date: string;
  credit_debit: 'CRDT' | 'DBIT';
  status: 'BOOK' | 'PDNG' | 'INFO';
  correction: boolean;
}

function fill(p: BuiltPayment): Filled {
  if (!Number.isInteger(p.amount_c) || p.amount_c <= 0) throw new Error(`amount_c must be a positive integer: ${p.amount_c}`);
  const booking = p.booking_date ?? today();
  return {
    amount_c: p.amount_c,
    reference: p.reference ?? null,
    message: p.message ?? '',
    payer_name: p.payer_name ?? 'Maksaja',
    archive_id: p.archive_id ?? nextArchiveId(),
    booking_date: booking,
    value_date: p.value_date ?? booking,
    credit_debit: p.credit_debit ?? 'CRDT',
    status: p.status ?? 'BOOK',
    correction: p.correction ?? false,
  };
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Cents as the decimal text ISO 20022 uses ("12.30"); integer arithmetic only. */
const decimal = (c: number): string => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
const compact = (s: string): string => s.replace(/\s+/g, '').toUpperCase();

function creditorRef(ref: string): string {
  // Finnish banks type both the national and the RF reference as SCOR (RF with issuer ISO).
  const issuer = /^RF/i.test(ref.trim()) ? '<Issr>ISO</Issr>' : '';
  return `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry>${issuer}</Tp><Ref>${esc(ref)}</Ref></CdtrRefInf></Strd>`;
}

function txDtls(p: Filled, version: CamtVersion): string {
  const name = version === '08' ? `<Dbtr><Pty><Nm>${esc(p.payer_name)}</Nm></Pty></Dbtr>` : `<Dbtr><Nm>${esc(p.payer_name)}</Nm></Dbtr>`;
  const ustrd = p.message ? `<Ustrd>${esc(p.message)}</Ustrd>` : '';
  const strd = p.reference ? creditorRef(p.reference) : '';
  const rmt = ustrd || strd ? `<RmtInf>${ustrd}${strd}</RmtInf>` : '';
  const amt = `<Amt Ccy="EUR">${decimal(p.amount_c)}</Amt>`;
  return [
    '<TxDtls>',
    `<Refs><AcctSvcrRef>${esc(p.archive_id)}</AcctSvcrRef></Refs>`,
    version === '02' ? '' : amt,
    `<AmtDtls><TxAmt>${amt}</TxAmt></AmtDtls>`,
    `<RltdPties>${name}</RltdPties>`,
    rmt,
    `<RltdDts><AccptncDtTm>${p.value_date}T00:00:00</AccptncDtTm></RltdDts>`,
    '</TxDtls>',
  ].join('');
}

/** Payments sharing dates, direction and status go into one entry (a batch of many TxDtls). */
function entries(payments: Filled[], version: CamtVersion, prefix: string): string[] {
  const groups = new Map<string, Filled[]>();
  for (const p of payments) {
    const key = [p.booking_date, p.value_date, p.credit_debit, p.status].join('|');
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  let n = 0;
  return [...groups.values()].map((group) => {
    n += 1;
    const first = group[0]!;
    const total = group.reduce((s, p) => s + p.amount_c, 0);
    const sts = version === '02' || version === '04' ? `<Sts>${first.status}</Sts>` : `<Sts><Cd>${first.status}</Cd></Sts>`;
    const bookg = first.status === 'BOOK' ? `<BookgDt><Dt>${first.booking_date}</Dt></BookgDt>` : '';
    const family = first.credit_debit === 'CRDT' ? 'RCDT' : 'ICDT';
    return [
      '<Ntry>',
      `<NtryRef>${n}</NtryRef>`,
      `<Amt Ccy="EUR">${decimal(total)}</Amt>`,
      `<CdtDbtInd>${first.credit_debit}</CdtDbtInd>`,
      sts,
      bookg,
      `<ValDt><Dt>${first.value_date}</Dt></ValDt>`,
      `<AcctSvcrRef>${esc(prefix)}${n}</AcctSvcrRef>`,
      `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>VCOM</SubFmlyCd></Fmly></Domn><Prtry><Cd>705 Viitesiirto</Cd><Issr>FFFS</Issr></Prtry></BkTxCd>`,
      `<NtryDtls><Btch><NbOfTxs>${group.length}</NbOfTxs></Btch>`,
      ...group.map((p) => txDtls(p, version)),
      '</NtryDtls>',
      '</Ntry>',
    ].join('\n');
  });
}

function header(msgId: string): string {
  return `<GrpHdr><MsgId>${esc(msgId)}</MsgId><CreDtTm>${new Date().toISOString().slice(0, 19)}</CreDtTm></GrpHdr>`;
}

function accountXml(account: string): string {
  return `<Acct><Id><IBAN>${esc(compact(account))}</IBAN></Id><Ccy>EUR</Ccy><Svcr><FinInstnId><BIC>NDEAFIHH</BIC></FinInstnId></Svcr></Acct>`;
}

/** camt.054 "saapuvat viitemaksut" (BkToCstmrDbtCdtNtfctn / Ntfctn / Ntry). */
export function camt054(opts: CamtOptions): string {
  const version = opts.version ?? '02';
  const msgId = opts.msgId ?? `VIITE${nextArchiveId()}`;
  const payments = opts.payments.map(fill);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    '<BkToCstmrDbtCdtNtfctn>',
    header(msgId),
    '<Ntfctn>',
    `<Id>${esc(msgId)}-1</Id>`,
    `<CreDtTm>${new Date().toISOString().slice(0, 19)}</CreDtTm>`,
    accountXml(opts.account),
    ...entries(payments, version, `${msgId}E`),
    '</Ntfctn>',
    '</BkToCstmrDbtCdtNtfctn>',
    '</Document>',
    '',
  ].join('\n');
}

/** camt.053 account statement whose entries carry the reference payments (BkToCstmrStmt / Stmt / Ntry). */
export function camt053(opts: CamtOptions): string {
  const version = opts.version ?? '02';
  const msgId = opts.msgId ?? `STMT${nextArchiveId()}`;
  const payments = opts.payments.map(fill);
  const day = payments[0]?.booking_date ?? today();
  const credits = payments.filter((p) => p.credit_debit === 'CRDT' && p.status === 'BOOK').reduce((s, p) => s + p.amount_c, 0);
  const bal = (code: string, c: number) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${decimal(c)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`,
    '<BkToCstmrStmt>',
    header(msgId),
    '<Stmt>',
    `<Id>${esc(msgId)}-1</Id>`,
    `<ElctrncSeqNb>1</ElctrncSeqNb>`,
    `<CreDtTm>${new Date().toISOString().slice(0, 19)}</CreDtTm>`,
    `<FrToDt><FrDtTm>${day}T00:00:00</FrDtTm><ToDtTm>${day}T23:59:59</ToDtTm></FrToDt>`,
    accountXml(opts.account),
    bal('OPBD', 100000),
    bal('CLBD', 100000 + credits),
    ...entries(payments, version, `${msgId}E`),
    '</Stmt>',
    '</BkToCstmrStmt>',
    '</Document>',
    '',
  ].join('\n');
}

/** The 14-digit machine form of a Finnish account (the BBAN of an FI IBAN). */
export function ktlAccount(account: string): string {
  const c = compact(account);
  if (/^FI\d{16}$/.test(c)) return c.slice(4);
  if (/^\d{14}$/.test(c)) return c;
  throw new Error(`KTL needs a Finnish account: ${account}`);
}

const yymmdd = (iso: string): string => iso.slice(2).replace(/-/g, '');
const num = (n: number, width: number): string => {
  const s = String(n);
  if (s.length > width) throw new Error(`${n} does not fit ${width} digits`);
  return s.padStart(width, '0');
};
const text = (s: string, width: number): string => s.slice(0, width).padEnd(width, ' ');

/**
 * KTL ("Saapuvat viitemaksut", Finance Finland): 90-character records, CRLF. 0 batch header,
 * 3 reference payment (oikaisutunnus 1 = a correction), 9 totals of payments and corrections.
 */
export function ktl(opts: KtlOptions): string {
  const account = ktlAccount(opts.account);
  const payments = opts.payments.map(fill);
  const now = new Date();
  const created = `${yymmdd(now.toISOString().slice(0, 10))}${now.toISOString().slice(11, 13)}${now.toISOString().slice(14, 16)}`;
  const lines = [`0${created}${account.slice(0, 2)}${text('SEURA', 9)}1`.padEnd(90, ' ')];
  for (const p of payments) {
    const ref = p.reference ? compact(p.reference) : '';
    if (ref && !/^\d{1,20}$/.test(ref)) throw new Error(`KTL carries national references only: ${p.reference}`);
    if (p.archive_id.length > 16) throw new Error(`KTL archive id is 16 characters at most: ${p.archive_id}`);
    lines.push(
      [
        '3',
        account,
        yymmdd(p.booking_date),
        yymmdd(p.value_date),
        text(p.archive_id, 16),
        ref.padStart(20, '0'),
        text(p.payer_name, 12),
        '1',
        'A',
        num(p.amount_c, 10),
        p.correction ? '1' : '0',
        'A',
        ' ',
      ].join(''),
    );
  }
  const normal = payments.filter((p) => !p.correction);
  const corrections = payments.filter((p) => p.correction);
  const count = opts.totalsOverride?.count ?? normal.length;
  const sum = opts.totalsOverride?.sum_c ?? normal.reduce((s, p) => s + p.amount_c, 0);
  const corrSum = corrections.reduce((s, p) => s + p.amount_c, 0);
  lines.push(`9${num(count, 6)}${num(sum, 11)}${num(corrections.length, 6)}${num(corrSum, 11)}`.padEnd(90, ' '));
  for (const l of lines) if (l.length !== 90) throw new Error(`KTL record is ${l.length} characters: ${l}`);
  return `${lines.join('\r\n')}\r\n`;
}
