import { htmlToBlocks, blocksText } from '../pdf/html-blocks';
import { letterUnsupportedChars } from '../../../shared/finnish/letter';
import { planLetter } from './letter';

// What the composer's preview and the send check need to know about a letter before any
// PDF is made: its page count by the real layout, characters the printer cannot carry,
// and problems (message keys) that block sending.

export interface LetterLayout {
  pages: number;
  unsupported_chars: string[];
  /** Message keys: letter_too_many_pages, letter_page_too_long. */
  problems: string[];
}

/** Announcement letters fit one sheet printed on both sides; other letters 16 pages. */
export const LETTER_MAX_PAGES = 16;

export function layoutLetter(html: string, opts: { maxPages: number }): Promise<LetterLayout> {
  const blocks = htmlToBlocks(html);
  const flow = planLetter(blocks);
  const problems: string[] = [];
  if (flow.pages.length > opts.maxPages) problems.push('letter_too_many_pages');
  if (flow.overlong > 0) problems.push('letter_page_too_long');
  return Promise.resolve({ pages: flow.pages.length, unsupported_chars: letterUnsupportedChars(blocksText(blocks)), problems });
}
