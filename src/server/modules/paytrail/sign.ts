import crypto from 'node:crypto';

// Paytrail Payment API signatures: HMAC-SHA256 over the `checkout-*` headers (or query
// parameters) sorted by name as `name:value` lines, then the body (empty for a redirect or
// callback), joined by newlines. Lower-case hex.

export type CheckoutParams = Record<string, string | undefined>;

export function signaturePayload(params: CheckoutParams, body: string): string {
  return Object.keys(params)
    .filter((k) => k.startsWith('checkout-') && params[k] !== undefined)
    .sort()
    .map((k) => `${k}:${params[k]}`)
    .concat(body)
    .join('\n');
}

export function sign(secret: string, params: CheckoutParams, body = ''): string {
  return crypto.createHmac('sha256', secret).update(signaturePayload(params, body)).digest('hex');
}

/** Constant-time check of `signature` (a header or query value) against our own signing. */
export function verify(secret: string, params: CheckoutParams, body: string, signature: string | undefined): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = Buffer.from(sign(secret, params, body), 'hex');
  const given = Buffer.from(signature.toLowerCase(), 'hex');
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** The redirect's or callback's query, signed with `secret` and algorithm sha256; any other algorithm is refused. */
export function verifyQuery(secret: string, query: CheckoutParams): boolean {
  if (query['checkout-algorithm'] !== 'sha256') return false;
  return verify(secret, query, '', query.signature);
}
