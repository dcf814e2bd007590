// SMS length and character set for the GSM 03.38 default alphabet.
// A basic character costs one unit, an extension-table character two (escape +
// character). One part carries 160 units; a split message carries 153 per part
// because each part spends 7 units' worth of space on the concatenation header.

const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
// The extension table also holds a form feed; it is left out on purpose so a
// stray page break is flagged instead of being sent.
const EXTENSION = '€[]{}\\^~|';

const BASIC_SET: ReadonlySet<string> = new Set(BASIC);
const EXTENSION_SET: ReadonlySet<string> = new Set(EXTENSION);

/** Characters (GSM units) of a one-part message. */
export const SINGLE_PART_UNITS = 160;
const MULTI_PART_UNITS = 153;
/** Parts a message may take at most (longer ones are `too_long`). */
export const SMS_MAX_PARTS = 6;

export interface SmsInfo {
  units: number;
  parts: number;
  unsupported: string[];
  kind: 'single' | 'multi' | 'too_long';
}

/** Units one character costs; unsupported characters are sent as '?' and cost one. */
function unitsOf(ch: string): number {
  return EXTENSION_SET.has(ch) ? 2 : 1;
}

function isSupported(ch: string): boolean {
  return BASIC_SET.has(ch) || EXTENSION_SET.has(ch);
}

/**
 * Units, part count, unsupported characters (each once, in order) and the kind
 *: 'single' below 2 parts, 'multi' up to maxParts, else 'too_long'.
 * Parts are packed greedily so a two-unit character is never split between parts.
 * Empty text has 0 parts.
 */
export function smsInfo(text: string, maxParts: number): SmsInfo {
  const chars = Array.from(text);
  const unsupported: string[] = [];
  let units = 0;
  for (const ch of chars) {
    units += unitsOf(ch);
    if (!isSupported(ch) && !unsupported.includes(ch)) unsupported.push(ch);
  }

  let parts: number;
  if (units === 0) {
    parts = 0;
  } else if (units <= SINGLE_PART_UNITS) {
    parts = 1;
  } else {
    parts = 1;
    let used = 0;
    for (const ch of chars) {
      const cost = unitsOf(ch);
      if (used + cost > MULTI_PART_UNITS) {
        parts++;
        used = 0;
      }
      used += cost;
    }
  }

  let kind: SmsInfo['kind'];
  if (parts < 2) kind = 'single';
  else if (parts <= maxParts) kind = 'multi';
  else kind = 'too_long';

  return { units, parts, unsupported, kind };
}

/** The text with every character outside the GSM alphabet replaced by '?', as the operator would. */
export function smsSanitize(text: string): string {
  return Array.from(text).map((ch) => (isSupported(ch) ? ch : '?')).join('');
}
