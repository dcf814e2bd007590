import crypto from 'node:crypto';

// Secrets at rest (TOTP keys) are sealed with AES-256-GCM under a key derived from
// SESSION_SECRET, so a copied database alone does not reveal them. Format:
// v2.<iv>.<tag>.<ciphertext>, each base64url, sealed with associated data that names the
// owner (a sealed secret copied to another member's or association's row does not
// open there). v1 (no associated data) still opens, for secrets sealed before; callers
// re-seal those on their next successful use (see `isLegacy`).

export interface SecretBox {
  /** `aad` binds the sealed text to its owner, e.g. `tenant:1:member:7`; give the same to open. */
  seal(plain: string, aad: string): string;
  open(sealed: string, aad: string): string;
}

/** Sealed before associated data existed: open it, then seal it again. */
export const isLegacy = (sealed: string): boolean => sealed.startsWith('v1.');

export function secretBox(sessionSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(crypto.hkdfSync('sha256', sessionSecret, 'seura', `secret-box:${purpose}`, 32));
  return {
    seal(plain, aad) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v2', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    open(sealed, aad) {
      const [v, iv, tag, body] = sealed.split('.');
      if ((v !== 'v1' && v !== 'v2') || !iv || !tag || body === undefined) throw new Error('secretBox: unknown format');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      if (v === 'v2') decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
