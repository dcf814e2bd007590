import { ed25519 } from '@noble/curves/ed25519.js';

// The signed claim a member card's QR code carries, checked by /c/verify without a server
// round trip once the association's public key is known (it is published at
// /api/1/membercard/key and the verify page keeps it). Format:
//   SC1.<payload>.<signature>   both base64url; payload = UTF-8 JSON of CardClaim,
//   signature = Ed25519 over the ASCII bytes "SC1.<payload>".
// The QR code holds the verify page's address with the claim after '#', so a phone's camera
// opens the check directly and the claim never reaches a server log.

export const CLAIM_PREFIX = 'SC1';

export interface CardClaim {
  /** The association's host name: which key signs it. */
  h: string;
  /** The association's name. */
  a: string;
  /** Member number. */
  n: number;
  /** The member's full name. */
  nm: string;
  /** Valid until, YYYY-MM-DD (inclusive). */
  v: string;
  /** Issued, YYYY-MM-DD. */
  i: string;
}

const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { fatal: true });

function toB64u(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromB64u(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) return null;
  try {
    const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

export const publicKeyOf = (seed: Uint8Array): string => toB64u(ed25519.getPublicKey(seed));
export const newSeed = (): Uint8Array => ed25519.utils.randomSecretKey();
export const seedToText = toB64u;
export const seedFromText = (s: string): Uint8Array | null => fromB64u(s);

export function signClaim(claim: CardClaim, seed: Uint8Array): string {
  const body = `${CLAIM_PREFIX}.${toB64u(enc.encode(JSON.stringify(claim)))}`;
  return `${body}.${toB64u(ed25519.sign(enc.encode(body), seed))}`;
}

/** Longest claim text accepted (a QR code holds far less; this only bounds the work). */
export const CLAIM_MAX_CHARS = 2000;

function isClaim(x: unknown): x is CardClaim {
  if (typeof x !== 'object' || x === null) return false;
  const c = x as Record<string, unknown>;
  const date = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
  return typeof c.h === 'string' && typeof c.a === 'string' && typeof c.nm === 'string' && typeof c.n === 'number' && Number.isInteger(c.n) && date(c.v) && date(c.i);
}

/** The claim inside a text (the claim itself, or a verify address with it after '#'), unchecked. */
export function readClaim(text: string): { claim: CardClaim; body: string; signature: Uint8Array } | null {
  const t = text.trim();
  if (t.length > CLAIM_MAX_CHARS) return null;
  const raw = t.includes('#') ? t.slice(t.indexOf('#') + 1) : t;
  const parts = raw.split('.');
  if (parts.length !== 3 || parts[0] !== CLAIM_PREFIX) return null;
  const payload = fromB64u(parts[1]!);
  const signature = fromB64u(parts[2]!);
  if (!payload || !signature || signature.length !== 64) return null;
  try {
    const claim: unknown = JSON.parse(dec.decode(payload));
    return isClaim(claim) ? { claim, body: `${parts[0]}.${parts[1]!}`, signature } : null;
  } catch {
    return null;
  }
}

export type ClaimCheck =
  | { ok: true; claim: CardClaim; expired: boolean }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'other_association'; claim?: CardClaim };

/**
 * Checks a scanned text against the association's public key (base64url) and host.
 * `today` is YYYY-MM-DD in Finnish time; a card is valid through its last day.
 */
export function checkClaim(text: string, key: { host: string; public_key: string }, today: string): ClaimCheck {
  const read = readClaim(text);
  if (!read) return { ok: false, reason: 'malformed' };
  if (read.claim.h !== key.host) return { ok: false, reason: 'other_association', claim: read.claim };
  const pub = fromB64u(key.public_key);
  let valid: boolean;
  try {
    valid = pub !== null && pub.length === 32 && ed25519.verify(read.signature, enc.encode(read.body), pub);
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'bad_signature', claim: read.claim };
  return { ok: true, claim: read.claim, expired: read.claim.v < today };
}
