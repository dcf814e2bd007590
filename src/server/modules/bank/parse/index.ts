import { BANK_MAX_FILE_BYTES } from '../../../../shared/constants';
import { StatementError, type ParsedStatement } from '../types';
import { parseCamt } from './camt';
import { looksLikeKtl, parseKtl } from './ktl';

// One entry point for every statement file: the format is told by the content, never by the
// file name. Anything unexpected is a StatementError with a message key, never a crash.

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

/** UTF-8 (BOM dropped) when the bytes are valid UTF-8, else ISO-8859-1 (older bank files). */
function decode(bytes: Buffer): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return utf8.decode(body);
  } catch {
    return latin1.decode(body);
  }
}

/** An XML file that declares ISO-8859-1 (or windows-1252) is read as such. */
function xmlText(bytes: Buffer, text: string): string {
  const declared = /^\s*<\?xml[^>]*encoding=["']([^"']+)["']/i.exec(text)?.[1]?.toLowerCase();
  if (declared && /^(iso-?8859-1|latin-?1|windows-1252|cp1252)$/.test(declared)) return latin1.decode(bytes);
  return text;
}

export function parseStatement(bytes: Buffer): ParsedStatement {
  if (bytes.length > BANK_MAX_FILE_BYTES) throw new StatementError('bank_file_too_large', { max: String(Math.floor(BANK_MAX_FILE_BYTES / (1024 * 1024))) });
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    // UTF-16 is not what Finnish banks send; saying "unknown" beats guessing.
    throw new StatementError('bank_file_unknown_format');
  }
  const text = decode(bytes);
  const start = text.trimStart();
  try {
    // Detection skips leading blank space; parsing keeps it so that error lines are the file's.
    if (start.startsWith('<')) return parseCamt(xmlText(bytes, text));
    if (looksLikeKtl(start)) return parseKtl(text);
  } catch (e) {
    if (e instanceof StatementError) throw e;
    // A parser bug must not become a 500: the file is reported unreadable.
    throw new StatementError('bank_file_unreadable', { line: '1' });
  }
  throw new StatementError('bank_file_unknown_format');
}

export { StatementError };
