import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { MFA_ISSUER } from '../../../shared/constants';

// RFC 6238 TOTP: SHA-1, 6 digits, 30-second steps, one step of drift either way.
const PERIOD = 30;
const DIGITS = 6;
const WINDOW = 1;

const totpFor = (secretBase32: string, label = '') =>
  new TOTP({ issuer: MFA_ISSUER, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secretBase32) });

export const newSecret = (): string => new Secret({ size: 20 }).base32;

export const stepAt = (ms: number): number => Math.floor(ms / 1000 / PERIOD);

/**
 * The time step a code belongs to, or null when it is wrong. A code whose step is not
 * after `lastStep` was already used (or is older than one that was): a replay.
 */
export function acceptCode(secretBase32: string, code: string, nowMs: number, lastStep: number): number | null {
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  const step = stepAt(nowMs) + delta;
  return step > lastStep ? step : null;
}

export function codeAt(secretBase32: string, nowMs: number): string {
  return totpFor(secretBase32).generate({ timestamp: nowMs });
}

/** What an authenticator app needs: an otpauth:// URL, the same as a QR code, and the key to type. */
export async function enrollment(secretBase32: string, label: string, issuer: string) {
  const totp = new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
  const otpauth_url = totp.toString();
  const qr_svg = await QRCode.toString(otpauth_url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: secretBase32, otpauth_url, qr_svg };
}
