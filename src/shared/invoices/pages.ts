// An invoice's description may run over several pages: a horizontal rule (`<hr>`, the
// editor's "page break") starts a new page. Page 1 is the invoice itself with the bank
// transfer form; the description's pages follow it.

const SEPARATOR = /<hr\b[^>]*>/i;

/** The description's pages as HTML, empty ones dropped. */
export function descriptionPages(html: string): string[] {
  return html
    .split(SEPARATOR)
    .map((p) => p.trim())
    .filter((p) => p.replace(/<[^>]*>/g, '').trim() !== '');
}

/** Pages of the whole invoice: the invoice page and the description's pages. */
export const invoicePageCount = (html: string): number => 1 + descriptionPages(html).length;
