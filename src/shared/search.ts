// Search text is folded the same way when stored and when searched: lower case,
// accents and umlauts stripped (Mäkinen ~ makinen, Åberg ~ aberg), spaces collapsed.
export function foldForSearch(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
