import path from 'node:path';

// The outbox's settings from the environment (README "Configuration"). Every one is optional:
// without them email and SMS are written as files under DATA_DIR/outbox/ and bounces are off.

export interface OutboxConfig {
  /** Inbound SMTP port for bounce reports (BOUNCE_SMTP_PORT); null: off. */
  bounceSmtpPort: number | null;
  /** Domain of the VERP return path and Message-IDs (BOUNCE_DOMAIN; default PUBLIC_URL's host). */
  bounceDomain: string;
  /** GatewayAPI base URL (SMS_URL); null: SMS written as JSON files. */
  smsUrl: string | null;
  smsToken: string | null;
  /** Shared secret of the delivery-report callback (SMS_HOOK_SECRET); null: the hook answers 404. */
  smsHookSecret: string | null;
  /** Where letters and PDFs go (LETTER_DIR; default DATA_DIR/outbox/letters). */
  letterDir: string;
  /** Whether this process runs the outbox worker and the bounce server (WORKERS=0: no). */
  workers: boolean;
  /** Bank statement files to import automatically (BANK_DIR); null: uploads in the UI only. */
  bankDir: string | null;
}

type Env = Record<string, string | undefined>;

const nonEmpty = (v: string | undefined): string | null => (v !== undefined && v.trim() !== '' ? v.trim() : null);

export function outboxConfigFrom(env: Env, base: { dataDir: string; publicUrl: string | null }): OutboxConfig {
  const portText = nonEmpty(env.BOUNCE_SMTP_PORT);
  const port = portText === null ? null : Number(portText);
  if (port !== null && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new Error(`BOUNCE_SMTP_PORT must be a port number, got "${portText}"`);
  const workers = nonEmpty(env.WORKERS);
  if (workers !== null && workers !== '0' && workers !== '1') throw new Error(`WORKERS must be 0 or 1, got "${workers}"`);
  return {
    bounceSmtpPort: port,
    bounceDomain: (nonEmpty(env.BOUNCE_DOMAIN) ?? (base.publicUrl ? new URL(base.publicUrl).hostname : 'localhost')).toLowerCase(),
    smsUrl: nonEmpty(env.SMS_URL)?.replace(/\/+$/, '') ?? null,
    smsToken: nonEmpty(env.SMS_TOKEN),
    smsHookSecret: nonEmpty(env.SMS_HOOK_SECRET),
    letterDir: path.resolve(nonEmpty(env.LETTER_DIR) ?? path.join(base.dataDir, 'outbox', 'letters')),
    workers: workers !== '0',
    bankDir: nonEmpty(env.BANK_DIR) === null ? null : path.resolve(nonEmpty(env.BANK_DIR)!),
  };
}
