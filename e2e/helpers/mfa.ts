import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { SignedInApi } from './adminApi';
import { e2eDataDir } from './server';

// Two-factor authentication in e2e journeys: codes from a key the page shows, a login
// through the API that answers the 2FA steps, and the reset code from the mail outbox.

const PERIOD_MS = 30_000;
/**
 * Last time step used per account: the server accepts each step once per admin (replay
 * protection), whichever key it came from, so a new key does not start afresh.
 */
const usedSteps = new Map<string, number>();
/** Keys seen per email, so clean-up can sign in as an admin a journey enrolled. */
export const knownKeys = new Map<string, string>();

const normalise = (key: string) => key.replace(/\s+/g, '').toUpperCase();

/**
 * A code for `key` from a time step not used before by `account` (an email). The server takes
 * a code one step either side of its clock (security/totp.ts), so a step ahead is given at once;
 * only a second code within the same step waits, for the next 30-second window.
 */
export async function totpCode(key: string, account: string): Promise<string> {
  const secret = normalise(key);
  const last = usedSteps.get(account);
  const step = Math.max(Math.floor(Date.now() / PERIOD_MS), last === undefined ? 0 : last + 1);
  // The moment `step` is at most one ahead of the server's clock, with a margin.
  const usableFrom = (step - 1) * PERIOD_MS + 300;
  if (Date.now() < usableFrom) await new Promise((resolve) => setTimeout(resolve, usableFrom - Date.now()));
  usedSteps.set(account, step);
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: step * PERIOD_MS + 1 });
}

async function csrfToken(request: APIRequestContext): Promise<string> {
  const token = (await request.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value;
  if (!token) throw new Error('no csrftoken cookie');
  return token;
}

/**
 * Signs `request` in as `who`, answering the 2FA step: a code from a known key, or a
 * new enrolment (its key is remembered in knownKeys). A reset step cannot be answered.
 */
export async function signInWithMfa(request: APIRequestContext, who: { email: string; password: string }): Promise<SignedInApi> {
  await request.get('/api/1/health');
  const post = async <T>(p: string, body: unknown): Promise<T> => {
    const res = await request.post(`/api/1/${p}`, { data: body, headers: { 'x-csrftoken': await csrfToken(request) } });
    if (!res.ok()) throw new Error(`POST ${p}: ${String(res.status())} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const get = async <T>(p: string): Promise<T> => {
    const res = await request.get(`/api/1/${p}`);
    if (!res.ok()) throw new Error(`GET ${p}: ${String(res.status())} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const reply = await post<{ mfa_required?: string; challenge?: string }>('session/login', who);
  if (reply.mfa_required === 'enroll') {
    const { secret } = await post<{ secret: string }>('session/mfa_enroll', { challenge: reply.challenge });
    knownKeys.set(who.email, secret);
    await post('session/mfa_verify', { challenge: reply.challenge, code: await totpCode(secret, who.email) });
  } else if (reply.mfa_required === 'code') {
    const key = knownKeys.get(who.email);
    if (!key) throw new Error(`${who.email}: 2FA is on and the key is not known`);
    await post('session/mfa_verify', { challenge: reply.challenge, code: await totpCode(key, who.email) });
  } else if (reply.mfa_required) {
    throw new Error(`${who.email}: login needs ${reply.mfa_required}`);
  }
  return { get, post };
}

/** The reset code of the newest mail to `email` in the server's outbox (DATA_DIR/outbox). */
export function resetCodeFromOutbox(email: string): string {
  const outbox = path.join(e2eDataDir(), 'outbox');
  const files = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => ({ file: path.join(outbox, f), at: fs.statSync(path.join(outbox, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { file } of files) {
    const text = decodeEml(fs.readFileSync(file, 'utf8'));
    if (!text.includes(email) || !text.includes('palautuskoodi')) continue;
    const code = /\b([A-Z2-9]{5}-[A-Z2-9]{5})\b/.exec(text)?.[1];
    if (code) return code;
  }
  throw new Error(`no reset code mail to ${email} in ${outbox}`);
}

/** Headers and body of a simple .eml, with a base64 or quoted-printable body decoded. */
function decodeEml(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, split);
  const body = eml.slice(split).trim();
  if (/^Content-Transfer-Encoding:\s*base64/im.test(headers)) return `${headers}\n\n${Buffer.from(body, 'base64').toString('utf8')}`;
  if (/^Content-Transfer-Encoding:\s*quoted-printable/im.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return `${headers}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
  }
  return eml;
}
