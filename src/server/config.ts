import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import net from 'node:net';
import { outboxConfigFrom, type OutboxConfig } from './modules/outbox/config';
import type { MessagePrices } from '../shared/messages/prices';
import { loadMessagePrices } from './modules/messages/price-list';
import type { PaytrailAccount } from './modules/paytrail/client';
import { parseS3Url } from './storage/s3';

// All configuration comes from the environment and every variable is optional (README "Configuration").
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** S3-compatible storage for uploaded files (S3_URL); absent: DATA_DIR (storage/). */
  s3Url?: string | null;
  smtpUrl: string | null;
  publicUrl: string | null;
  /** The deployment's message prices (MESSAGE_PRICES_FILE); the shipped defaults when absent. */
  messagePrices?: MessagePrices;
  sessionSecret: string;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Secure cookies always when the public URL is https (also per request when a trusted proxy says https). */
  secureCookies: boolean;
  /** Proxies (addresses/CIDRs) whose X-Forwarded-For/-Proto are believed; empty: none (TRUST_PROXY). */
  trustProxy: string[];
  /** With several associations, the hostname of the one unknown hosts get; null: 404 (SEURA_DEFAULT_HOST). */
  defaultHost: string | null;
  /** Outbox providers, bounces, SMS reports, letters and WORKERS (modules/outbox/config.ts). */
  outbox: OutboxConfig;
  /** Paytrail credentials (PAYTRAIL_MERCHANT_ID, PAYTRAIL_SECRET, PAYTRAIL_URL); absent: the built-in test bank. */
  paytrail?: PaytrailAccount | null;
}

type Env = Record<string, string | undefined>;

function nonEmpty(v: string | undefined): string | null {
  return v !== undefined && v.trim() !== '' ? v.trim() : null;
}

/**
 * Reads SESSION_SECRET, or the file SESSION_SECRET_FILE names (a secret mounted outside
 * DATA_DIR, so a copy of the data directory alone cannot forge sessions or open sealed
 * 2FA secrets), or generates one on first start and keeps it in DATA_DIR.
 */
function loadSessionSecret(env: Env, dataDir: string): string {
  const given = nonEmpty(env.SESSION_SECRET);
  const fromFile = nonEmpty(env.SESSION_SECRET_FILE);
  if (given && fromFile) throw new Error('Give SESSION_SECRET or SESSION_SECRET_FILE, not both');
  if (given) return given;
  if (fromFile) {
    let text: string;
    try {
      text = fs.readFileSync(fromFile, 'utf8').trim();
    } catch (err) {
      // Never fall back to a generated secret: that would silently sign everyone out.
      throw new Error(`SESSION_SECRET_FILE ${fromFile} cannot be read: ${(err as Error).message}`, { cause: err });
    }
    if (text === '') throw new Error(`SESSION_SECRET_FILE ${fromFile} is empty`);
    return text;
  }
  const file = path.join(dataDir, 'session-secret');
  const existing = readSecretFile(file);
  if (existing) return existing;
  // Written whole under a temporary name, then linked into place: link() fails when the file
  // exists, so of processes starting at once on a shared DATA_DIR exactly one secret wins and
  // nobody reads a half-written file. The losers read the winner's.
  const secret = crypto.randomBytes(32).toString('base64url');
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, secret + '\n', { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  const agreed = readSecretFile(file);
  if (!agreed) throw new Error(`${file} is empty: remove it or set SESSION_SECRET`);
  return agreed;
}

/** The generated secret, or null when there is none yet. */
function readSecretFile(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim() || null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/**
 * TRUST_PROXY: comma- or space-separated addresses and CIDRs (or proxy-addr's names
 * loopback, linklocal, uniquelocal). Anything else stops the start: a typo here would
 * silently trust nobody, or worse.
 */
export function parseTrustProxy(v: string | undefined): string[] {
  const items = (v ?? '').split(/[\s,]+/).filter((x) => x !== '');
  for (const item of items) {
    const [addr, bits, extra] = item.split('/');
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(item);
    const ip = net.isIP(addr ?? '');
    const maxBits = ip === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!named && (ip === 0 || !bitsOk || extra !== undefined)) throw new Error(`TRUST_PROXY: "${item}" is not an address, CIDR or loopback/linklocal/uniquelocal`);
  }
  return items;
}

/** Both the merchant id and the secret, or neither (the test bank); one alone stops the start. */
export function paytrailFrom(env: Env): PaytrailAccount | null {
  const merchantId = nonEmpty(env.PAYTRAIL_MERCHANT_ID);
  const secret = nonEmpty(env.PAYTRAIL_SECRET);
  if (!merchantId && !secret) return null;
  if (!merchantId || !secret) throw new Error('Give both PAYTRAIL_MERCHANT_ID and PAYTRAIL_SECRET, or neither');
  return { merchantId, secret, url: nonEmpty(env.PAYTRAIL_URL) ?? 'https://services.paytrail.com' };
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(nonEmpty(env.DATA_DIR) ?? './data');
  fs.mkdirSync(dataDir, { recursive: true });
  const port = Number(nonEmpty(env.PORT) ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const publicUrl = nonEmpty(env.PUBLIC_URL);
  const s3Url = nonEmpty(env.S3_URL);
  if (s3Url) parseS3Url(s3Url);
  // With S3 the processes share no directory: a secret generated in each one's DATA_DIR would
  // sign cookies the others refuse.
  if (s3Url && !nonEmpty(env.SESSION_SECRET) && !nonEmpty(env.SESSION_SECRET_FILE)) throw new Error('S3_URL is set: give every process the same SESSION_SECRET (or SESSION_SECRET_FILE); a secret generated per DATA_DIR would differ between machines');
  return {
    port,
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    smtpUrl: nonEmpty(env.SMTP_URL),
    publicUrl,
    messagePrices: loadMessagePrices(env),
    s3Url,
    sessionSecret: loadSessionSecret(env, dataDir),
    adminEmail: nonEmpty(env.SEURA_ADMIN_EMAIL),
    adminPassword: nonEmpty(env.SEURA_ADMIN_PASSWORD),
    secureCookies: publicUrl?.startsWith('https://') ?? false,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    defaultHost: nonEmpty(env.SEURA_DEFAULT_HOST)?.toLowerCase() ?? null,
    outbox: outboxConfigFrom(env, { dataDir, publicUrl }),
    paytrail: paytrailFrom(env),
  };
}
