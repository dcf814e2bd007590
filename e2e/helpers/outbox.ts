import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { e2eDataDir } from './server';

// The worker's e2e server writes mail as .eml files in DATA_DIR/outbox (no SMTP): journeys
// that follow a link sent by mail (password reset, personal edit links) read it from there.

const OUTBOX = path.join(e2eDataDir(), 'outbox');

/** Quoted-printable bodies wrap long lines ("=\n") and escape bytes ("=C3=A4"). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
}

/**
 * The path of the first link matching `link` (its group 1) in the newest outbox mail to
 * `email`, waiting for the mail (sent just after the reply).
 */
export async function linkFromOutbox(email: string, link: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(() => {
      // Only mails: the outbox also holds sms/ and letters/ directories once messages go out.
      const files = fs.existsSync(OUTBOX) ? fs.readdirSync(OUTBOX).filter((f) => f.endsWith('.eml')).sort() : [];
      for (const file of files.reverse()) {
        const raw = fs.readFileSync(path.join(OUTBOX, file), 'utf8');
        if (!new RegExp(`^To: ${email.replace(/\./g, '\\.')}$`, 'm').test(raw)) continue;
        const text = /quoted-printable/i.test(raw) ? decodeQuotedPrintable(raw) : raw;
        found = link.exec(text)?.[1] ?? '';
        if (found) return found;
      }
      return '';
    })
    .not.toBe('');
  return found;
}

/** The personal edit link (/edit_me_h/{token}) from the newest mail to `email`. */
export const editLinkFromOutbox = (email: string): Promise<string> => linkFromOutbox(email, /https?:\/\/[^\s/]+(\/edit_me_h\/[A-Za-z0-9_-]{43})/);
