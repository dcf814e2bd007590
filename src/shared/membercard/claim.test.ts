import { describe, expect, it } from 'vitest';
import { checkClaim, newSeed, publicKeyOf, readClaim, signClaim, type CardClaim } from './claim';

const claim: CardClaim = { h: 'kuoro.example.fi', a: 'Kuoro ry', n: 42, nm: 'Äänekäs Öhman', v: '2026-12-31', i: '2026-11-24' };

describe('member card claims', () => {
  const seed = newSeed();
  const key = { host: 'kuoro.example.fi', public_key: publicKeyOf(seed) };
  const text = signClaim(claim, seed);

  it('a signed claim checks out, also inside the verify address', () => {
    expect(checkClaim(text, key, '2026-11-24')).toEqual({ ok: true, claim, expired: false });
    expect(checkClaim(`https://kuoro.example.fi/c/verify#${text}`, key, '2026-12-31')).toEqual({ ok: true, claim, expired: false });
  });

  it('is expired the day after its last day', () => {
    expect(checkClaim(text, key, '2027-01-01')).toMatchObject({ ok: true, expired: true });
  });

  it('refuses a changed payload, another key and another association', () => {
    const [p, , s] = text.split('.');
    const forged = JSON.parse(Buffer.from(readClaim(text)!.body.split('.')[1]!, 'base64url').toString()) as CardClaim;
    const changed = `${p!}.${Buffer.from(JSON.stringify({ ...forged, v: '2099-12-31' })).toString('base64url')}.${s!}`;
    expect(checkClaim(changed, key, '2026-11-24')).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(checkClaim(text, { ...key, public_key: publicKeyOf(newSeed()) }, '2026-11-24')).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(checkClaim(text, { ...key, host: 'muu.example.fi' }, '2026-11-24')).toMatchObject({ ok: false, reason: 'other_association' });
  });

  it('says malformed for anything else', () => {
    for (const t of ['', 'SC1.x', 'SC2.a.b', 'SC1.!!.??', `SC1.${'a'.repeat(3000)}.b`]) expect(checkClaim(t, key, '2026-11-24')).toEqual({ ok: false, reason: 'malformed' });
  });
});
