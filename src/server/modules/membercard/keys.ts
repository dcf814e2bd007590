import type { Deps } from '../../deps';
import { iso } from '../../lib/clock';
import { secretBox } from '../../lib/secretBox';
import { insertKeyIfNone, keyRow } from './keys-repo';
import { newSeed, publicKeyOf, seedFromText, seedToText } from '../../../shared/membercard/claim';

// Each association's Ed25519 key that signs its cards' claims. Created on first use; the
// seed is sealed under the session secret (bound to the association), so a copied database
// alone cannot sign cards. The public key is published (GET /api/1/membercard/key).

export interface SigningKey {
  publicKey: string;
  seed: Uint8Array;
}

const box = (deps: Pick<Deps, 'config'>) => secretBox(deps.config.sessionSecret, 'signing-key');
const aadOf = (tenantId: number) => `tenant:${String(tenantId)}`;

/**
 * The association's key, created on first use. Two first uses at once both insert-or-ignore
 * on the unique tenant_id and then read the one row that won, so both sign with the same key.
 */
export async function keyFor(deps: Pick<Deps, 'db' | 'config' | 'clock'>, tenantId: number): Promise<SigningKey> {
  let row = await keyRow(deps.db, tenantId);
  if (!row) {
    const seed = newSeed();
    await insertKeyIfNone(deps.db, tenantId, { public_key: publicKeyOf(seed), secret_sealed: box(deps).seal(seedToText(seed), aadOf(tenantId)), created_at: iso(deps.clock.now()) });
    row = await keyRow(deps.db, tenantId);
    if (!row) throw new Error('signing key missing after insert');
  }
  const seed = seedFromText(box(deps).open(row.secret_sealed, aadOf(tenantId)));
  if (!seed || seed.length !== 32) throw new Error('signing key unreadable');
  return { publicKey: row.public_key, seed };
}
