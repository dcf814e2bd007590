import type { BankFormat } from '../../../shared/schemas/bank';

// What a parsed statement file is, whatever its format. The parsers (parse/) make it, the
// import pipeline (import.ts) matches and books it. Only booked credits become payments.

export interface ParsedPayment {
  /** The bank's archive id (AcctSvcrRef of the transaction, else of the entry; KTL archive id). */
  archive_id: string;
  /** The credited account: compact IBAN (KTL: the file's 14-digit Finnish account turned into its IBAN). */
  account: string;
  /** Positive cents, from the transaction (never the entry's total). */
  amount_c: number;
  /** YYYY-MM-DD */
  booking_date: string;
  value_date: string | null;
  payer_name: string;
  /** The structured reference, compact: national digits as given (spaces removed), or RF upper-case; null when none. */
  reference: string | null;
  /** Unstructured remittance text (Ustrd lines joined by a space; KTL: none). */
  message: string;
}

export interface ParsedStatement {
  format: BankFormat;
  /** Credited accounts in the file, compact, in order of appearance. */
  accounts: string[];
  payments: ParsedPayment[];
  /** Entries or transactions that are not booked credits (debits, PDNG, INFO), and KTL correction records. */
  ignored: number;
}

/** A file that is not a statement we read, or is inconsistent; `key` is an i18n message key. */
export class StatementError extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string> = {},
  ) {
    super(key);
    this.name = 'StatementError';
  }
}
