import type { BankFormat } from '../../../../shared/schemas/bank';
import { StatementError, type ParsedPayment, type ParsedStatement } from '../types';
import { centsOf, compactRef, isoDay, pushPayment } from './common';
import { attr, child, children, readXml, textAt, textOf, type XmlDoc, type XmlNode } from './xml';

// ISO 20022 camt.054 (debit/credit notification: the banks' "saapuvat viitemaksut") and camt.053
// (account statement) of any version from 02 on. Both hold Ntry elements; only booked credits
// become payments, one per TxDtls, each with its own amount and archive id.

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.05([34])\.001\.(\d{2})$/;

/** The format a camt Document names in its namespace; null when it is not camt.053/054 v02+. */
export function camtFormat(doc: XmlDoc): BankFormat | null {
  if (doc.name !== 'Document') return null;
  // The Document's own namespace: the default one, or the one its prefix names (<ns0:Document>).
  const m = NAMESPACE.exec(doc.namespace.trim());
  if (!m || Number(m[2]) < 2) return null;
  return m[1] === '4' ? 'camt054' : 'camt053';
}

/** Status text: <Sts>BOOK</Sts> (up to v06) or <Sts><Cd>BOOK</Cd></Sts> (v07+). */
const statusOf = (ntry: XmlNode) => (textAt(ntry, 'Sts', 'Cd') || textAt(ntry, 'Sts')).toUpperCase();
const dayOf = (node: XmlNode | undefined) => isoDay(textAt(node, 'Dt') || textAt(node, 'DtTm'));

function payerOf(tx: XmlNode): string {
  const parties = child(tx, 'RltdPties');
  for (const role of ['Dbtr', 'UltmtDbtr']) {
    const name = textAt(parties, role, 'Nm') || textAt(parties, role, 'Pty', 'Nm');
    if (name) return name.replace(/\s+/g, ' ');
  }
  return '';
}

/** The first structured reference; further references and AddtlRmtInf go to the message (a payment for several invoices). */
function remittance(tx: XmlNode): { reference: string | null; message: string } {
  const rmt = child(tx, 'RmtInf');
  const texts = children(rmt, 'Ustrd').map((u) => textOf(u).trim());
  let reference: string | null = null;
  for (const strd of children(rmt, 'Strd')) {
    const ref = compactRef(textAt(strd, 'CdtrRefInf', 'Ref'));
    if (ref && reference === null) reference = ref;
    else if (ref) texts.push(ref);
    texts.push(...children(strd, 'AddtlRmtInf').map((a) => textOf(a).trim()));
  }
  return { reference, message: texts.filter(Boolean).join(' ').replace(/\s+/g, ' ') };
}

/** The transaction's amount in cents; a foreign-currency amount is not a euro reference payment (null). */
function txAmount(tx: XmlNode, entry: XmlNode, only: boolean): number | null | 'foreign' {
  const amt = child(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? child(tx, 'Amt') ?? (only ? child(entry, 'Amt') : undefined);
  if (!amt) return null;
  if ((attr(amt, 'Ccy') ?? 'EUR').toUpperCase() !== 'EUR') return 'foreign';
  return centsOf(textOf(amt));
}

interface Ctx {
  format: BankFormat;
  doc: XmlDoc;
  payments: ParsedPayment[];
  ignored: number;
  fallbackId: string;
}

function readEntry(ntry: XmlNode, account: string, ctx: Ctx, entryNo: number): void {
  const credit = textAt(ntry, 'CdtDbtInd').toUpperCase() === 'CRDT';
  // A reversed credit (RvslInd) is money going back, not a payment in.
  const reversed = textAt(ntry, 'RvslInd').toLowerCase() === 'true';
  if (!credit || statusOf(ntry) !== 'BOOK' || reversed) {
    ctx.ignored++;
    return;
  }
  const bookingDate = dayOf(child(ntry, 'BookgDt')) ?? dayOf(child(ntry, 'ValDt'));
  if (!bookingDate) throw ctx.doc.unreadable(ntry);
  const valueDate = dayOf(child(ntry, 'ValDt'));
  const entryRef = textAt(ntry, 'AcctSvcrRef') || `${ctx.fallbackId}/${entryNo}`;
  const txs = children(ntry, 'NtryDtls').flatMap((d) => children(d, 'TxDtls'));
  if (txs.length === 0) {
    // A booked credit without details is still money in: one payment of the entry's amount.
    const amount = centsOf(textAt(ntry, 'Amt'));
    if (amount === null) throw ctx.doc.unreadable(ntry);
    if (amount === 0) ctx.ignored++;
    else pushPayment(ctx.payments, { archive_id: entryRef, account, amount_c: amount, booking_date: bookingDate, value_date: valueDate, payer_name: '', reference: null, message: '' });
    return;
  }
  txs.forEach((tx, i) => {
    const amount = txAmount(tx, ntry, txs.length === 1);
    if (amount === null) throw ctx.doc.unreadable(tx);
    const txCredit = textAt(tx, 'CdtDbtInd').toUpperCase();
    if (amount === 'foreign' || amount === 0 || txCredit === 'DBIT') {
      ctx.ignored++;
      return;
    }
    const { reference, message } = remittance(tx);
    pushPayment(ctx.payments, {
      archive_id: textAt(tx, 'Refs', 'AcctSvcrRef') || `${entryRef}-${i + 1}`,
      account,
      amount_c: amount,
      booking_date: bookingDate,
      value_date: valueDate,
      payer_name: payerOf(tx),
      reference,
      message,
    });
  });
}

export function parseCamt(text: string): ParsedStatement {
  const doc = readXml(text);
  const format = camtFormat(doc);
  if (!format) throw new StatementError('bank_file_unknown_format');
  const top = child(doc.root, format === 'camt054' ? 'BkToCstmrDbtCdtNtfctn' : 'BkToCstmrStmt');
  if (!top) throw doc.unreadable(doc.root);
  const ctx: Ctx = { format, doc, payments: [], ignored: 0, fallbackId: textAt(top, 'GrpHdr', 'MsgId') || 'camt' };
  const accounts: string[] = [];
  children(top, format === 'camt054' ? 'Ntfctn' : 'Stmt').forEach((part, partNo) => {
    const account = (textAt(part, 'Acct', 'Id', 'IBAN') || textAt(part, 'Acct', 'Id', 'Othr', 'Id')).replace(/\s+/g, '').toUpperCase();
    if (!account) throw doc.unreadable(part);
    if (!accounts.includes(account)) accounts.push(account);
    const saved = ctx.fallbackId;
    ctx.fallbackId = `${saved}/${textAt(part, 'Id') || partNo + 1}`;
    children(part, 'Ntry').forEach((ntry, n) => readEntry(ntry, account, ctx, n + 1));
    ctx.fallbackId = saved;
  });
  return { format, accounts, payments: ctx.payments, ignored: ctx.ignored };
}
