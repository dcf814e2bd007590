import crypto from 'node:crypto';

/** A seal as the previous version wrote it (v1, no associated data): what databases hold today. */
export function legacySeal(sessionSecret: string, purpose: string, plain: string): string {
  const key = Buffer.from(crypto.hkdfSync('sha256', sessionSecret, 'seura', `secret-box:${purpose}`, 32));
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}
