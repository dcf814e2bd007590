import { formatAmount } from '../../../../shared/finnish/amount';
import { StatementError, type ParsedPayment, type ParsedStatement } from '../types';
import { compactRef, finnishIbanOf, pushPayment } from './common';

// KTL, the fixed-width "Saapuvat viitemaksut" file (Finance Finland's "Viitesiirtoaineiston
// kuvaus"): 90-character records. 0 batch header; 3 reference payment (5 the old direct-debit
// payment, same layout; one whose feedback code is not 0 failed and brought no money); 9 the
// batch totals. Positions (1-based) of a 3/5 record: 2–15 account,
// 16–21 booking date, 22–27 payment date (YYMMDD), 28–43 archive id, 44–63 reference (zero
// padded), 64–75 payer name, 76 currency (1 = euro), 77 name source, 78–87 amount in cents,
// 88 correction code (1 = correction, i.e. a reversal), 89 channel, 90 feedback code. A 9
// record: 2–7 count and 8–18 sum of payments, 19–24 count and 25–35 sum of corrections.

export const KTL_RECORD = 90;

/** 7-bit Scandinavian letters of old bank files (SFS 4017): [\]{|} stand for ÄÖÅäöå. */
const SCANDIC: Record<string, string> = { '[': 'Ä', '\\': 'Ö', ']': 'Å', '{': 'ä', '|': 'ö', '}': 'å' };

/** Looks like KTL: its first record is a batch header "0YYMMDDHHMM…". */
export function looksLikeKtl(text: string): boolean {
  return /^0\d{10}/.test(text);
}

interface Totals {
  count: number;
  sum: number;
  corrCount: number;
  corrSum: number;
}


function day(yymmdd: string): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const iso = `20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

export function parseKtl(text: string): ParsedStatement {
  const payments: ParsedPayment[] = [];
  const accounts: string[] = [];
  let ignored = 0;
  let batch: Totals | null = null;
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const bad = () => new StatementError('bank_file_unreadable', { line: String(lineNo) });
    if (raw.trim() === '') return;
    // Some transfer programs trim trailing spaces; the record is padded back to its width.
    if (raw.length > KTL_RECORD) throw bad();
    const rec = raw.padEnd(KTL_RECORD, ' ');
    const kind = rec[0];
    if (kind === '0') {
      if (batch || !/^0\d{10}/.test(rec)) throw bad();
      batch = { count: 0, sum: 0, corrCount: 0, corrSum: 0 };
      return;
    }
    if (!batch) throw bad();
    if (kind === '3' || kind === '5') {
      const accountDigits = rec.slice(1, 15);
      const bookingDate = day(rec.slice(15, 21));
      const paymentDate = day(rec.slice(21, 27));
      const archiveId = rec.slice(27, 43).trim();
      const reference = compactRef(rec.slice(43, 63));
      const amountText = rec.slice(77, 87);
      const correction = rec[87];
      if (!/^\d{14}$/.test(accountDigits) || !bookingDate || !paymentDate || !archiveId || !/^\d{10}$/.test(amountText) || (correction !== '0' && correction !== '1')) throw bad();
      if (reference !== null && !/^(\d+|RF\d{2}[0-9A-Z]+)$/.test(reference)) throw bad();
      const amount = Number(amountText);
      // A direct-debit record with a feedback code is a debit that failed: no money came, and
      // the totals record counts it apart from the payments (Finance Finland's example file).
      if (kind === '5' && rec[89] !== '0' && rec[89] !== ' ') {
        ignored++;
        return;
      }
      if (correction === '1') {
        batch.corrCount++;
        batch.corrSum += amount;
        ignored++;
        return;
      }
      batch.count++;
      batch.sum += amount;
      // Currency code 1 is the euro; nothing else has been a Finnish reference payment since 2002.
      if (rec[75] !== '1' || amount === 0) {
        ignored++;
        return;
      }
      const account = finnishIbanOf(accountDigits);
      if (!accounts.includes(account)) accounts.push(account);
      pushPayment(payments, {
        archive_id: archiveId,
        account,
        amount_c: amount,
        booking_date: bookingDate,
        value_date: paymentDate,
        payer_name: rec
          .slice(63, 75)
          .replace(/[[\\\]{|}]/g, (c) => SCANDIC[c]!)
          .trim()
          .replace(/\s+/g, ' '),
        reference: reference && /^\d+$/.test(reference) ? reference.replace(/^0+/, '') : reference,
        message: '',
      });
      return;
    }
    if (kind === '9') {
      const fields = [rec.slice(1, 7), rec.slice(7, 18), rec.slice(18, 24), rec.slice(24, 35)];
      if (!fields.every((f) => /^\d+$/.test(f))) throw bad();
      const [count, sum, corrCount, corrSum] = fields.map(Number) as [number, number, number, number];
      if (count !== batch.count || sum !== batch.sum || corrCount !== batch.corrCount || corrSum !== batch.corrSum) {
        throw new StatementError('bank_ktl_totals_mismatch', {
          count: String(batch.count),
          sum: formatAmount(batch.sum),
          total_count: String(count),
          total_sum: formatAmount(sum),
          line: String(lineNo),
        });
      }
      batch = null;
      return;
    }
    throw bad();
  });
  // A batch without its totals record cannot be checked: the file was cut short.
  if (batch) throw new StatementError('bank_file_unreadable', { line: String(lines.length) });
  return { format: 'ktl', accounts, payments, ignored };
}
