import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

// All configuration comes from the environment and every variable is optional (README "Configuration").
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  publicUrl: string | null;
  sessionSecret: string;
  adminEmail: string | null;
  adminPassword: string | null;
  /** Secure cookies only when the public URL is https. */
  secureCookies: boolean;
}

type Env = Record<string, string | undefined>;

function nonEmpty(v: string | undefined): string | null {
  return v !== undefined && v.trim() !== '' ? v.trim() : null;
}

/**
 * Reads SESSION_SECRET, or the file SESSION_SECRET_FILE names (a secret mounted outside
 * DATA_DIR, so a copy of the data directory alone cannot forge sessions or open sealed
 * 2FA secrets; issue 11), or generates one on first start and keeps it in DATA_DIR.
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
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(nonEmpty(env.DATA_DIR) ?? './data');
  fs.mkdirSync(dataDir, { recursive: true });
  const port = Number(nonEmpty(env.PORT) ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const publicUrl = nonEmpty(env.PUBLIC_URL);
  return {
    port,
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    smtpUrl: nonEmpty(env.SMTP_URL),
    publicUrl,
    sessionSecret: loadSessionSecret(env, dataDir),
    adminEmail: nonEmpty(env.SEURA_ADMIN_EMAIL),
    adminPassword: nonEmpty(env.SEURA_ADMIN_PASSWORD),
    secureCookies: publicUrl?.startsWith('https://') ?? false,
  };
}
