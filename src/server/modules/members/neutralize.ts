// Spreadsheet formula injection (OWASP "CSV injection"): a cell that starts with
// = + - @ (or a tab/CR) may be run as a formula by Excel or LibreOffice. Such text is
// prefixed with an apostrophe, which spreadsheets show as plain text. Phone numbers
// ("+358 40 123 4567") and signed amounts ("-12,50") keep their form.

const NUMBER_LIKE = /^[+-]\s*\d[\d\s().,/-]*$/;

export function neutralizeCell(text: string): string {
  if (text === '') return text;
  const first = text[0]!;
  if (first === '=' || first === '@' || first === '\t' || first === '\r') return `'${text}`;
  if ((first === '+' || first === '-') && !NUMBER_LIKE.test(text)) return `'${text}`;
  return text;
}
