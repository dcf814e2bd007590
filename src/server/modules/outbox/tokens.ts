import crypto from 'node:crypto';

// Every provider call carries the delivery id so reports find their row: in the VERP return
// path, the Message-ID, the SMS userref and the web-view link. The id travels with a keyed
// hash so nobody can mark another delivery read or bounced by guessing numbers.

const TAG_BYTES = 10;

function tag(secret: string, purpose: string, deliveryId: number): string {
  return crypto.createHmac('sha256', secret).update(`delivery:${purpose}:${String(deliveryId)}`).digest('base64url').slice(0, Math.ceil((TAG_BYTES * 4) / 3));
}

/** `<id>.<tag>`: safe in URLs and in the local part of an email address (lower-case hex tag there). */
export function deliveryToken(secret: string, purpose: 'show' | 'verp' | 'sms', deliveryId: number): string {
  const t = purpose === 'verp' ? Buffer.from(tag(secret, purpose, deliveryId), 'base64url').toString('hex') : tag(secret, purpose, deliveryId);
  return `${String(deliveryId)}.${t}`;
}

/** The delivery id the token names, or null when it is malformed or its tag does not match. */
export function readDeliveryToken(secret: string, purpose: 'show' | 'verp' | 'sms', token: string): number | null {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const expected = deliveryToken(secret, purpose, id);
  const a = Buffer.from(expected);
  const b = Buffer.from(token.toLowerCase() === token || purpose !== 'verp' ? token : token.toLowerCase());
  return a.length === b.length && crypto.timingSafeEqual(a, b) ? id : null;
}
