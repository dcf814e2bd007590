import crypto from 'node:crypto';

// Secrets at rest (TOTP keys) are sealed with AES-256-GCM under a key derived from
// SESSION_SECRET, so a copied database alone does not reveal them. Format:
// v1.<iv>.<tag>.<ciphertext>, each base64url.

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function secretBox(sessionSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(crypto.hkdfSync('sha256', sessionSecret, 'seura', `secret-box:${purpose}`, 32));
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('secretBox: unknown format');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
