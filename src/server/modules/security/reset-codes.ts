import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { MFA_RESET_CODE_TTL_MS } from '../../../shared/constants';
import { formatFinnishDateTime as formatDateTime } from '../../../shared/finnish/date';
import { ValidationError } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { act } from '../log/act';
import { systemFrom } from '../mail/from';
import * as repo from './repo';
import { siteAdminOf } from './admins';
import { resetHash } from './secrets';
import { mfaStatus } from './status';

// What one site admin does for another whose authenticator is lost: email a single-use
// reset code (used at login, ./login.ts), or clear the 2FA outright.

const RESET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I

function newResetCode(): string {
  const chars = Array.from(crypto.randomBytes(10), (b) => RESET_ALPHABET[b % RESET_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export async function sendResetCode(deps: Deps, tenant: Tenant, me: Member, id: number): Promise<{ resetCodeExpireDate: string }> {
  const target = await siteAdminOf(deps, tenant, id);
  if (!target.email) throw ValidationError.general('mfa_reset_no_email');
  const row = await repo.find(deps.db, tenant.id, target.id);
  const status = mfaStatus(row, deps.clock.now());
  if (status === 'MFA_NOT_SET' || status === 'MFA_SETTING_UP') throw ValidationError.general('mfa_not_set');
  const code = newResetCode();
  const expires = iso(new Date(deps.clock.now().getTime() + MFA_RESET_CODE_TTL_MS));
  // The mail goes first: if it cannot be sent, the admin's 2FA stays as it was.
  await deps.mailer.send({
    from: systemFrom(deps.config, tenant),
    to: target.email,
    subject: `Kaksivaiheisen tunnistautumisen palautuskoodi – ${tenant.name}`,
    text:
      `Hei ${target.firstname},\n\n${`${me.firstname} ${me.lastname}`.trim()} lähetti sinulle palautuskoodin yhdistyksen ${tenant.name} ` +
      `jäsenrekisterin kaksivaiheiseen tunnistautumiseen:\n\n    ${code}\n\n` +
      `Kirjaudu sähköpostiosoitteellasi ja salasanallasi, syötä koodi pyydettäessä ja ota sen jälkeen uusi todennussovellus käyttöön.\n` +
      `Koodi toimii kerran ja on voimassa ${formatDateTime(expires)} asti.\n\n` +
      `Jos et pyytänyt koodia, ilmoita siitä yhdistyksen pääkäyttäjälle.\n`,
  });
  await act(deps, tenant, me, 'mfa_reset_code_sent', async (trx, line, at) => {
    await repo.upsert(trx, tenant.id, target.id, { mfa_state: 'resetting', reset_code_hash: resetHash(deps, code.replace('-', '')), reset_expires_at: expires, updated_at: at });
    line.context = `member:${target.id}`;
    line.data = [{ field: 'resetCodeExpireDate', new: expires }];
  });
  return { resetCodeExpireDate: expires };
}

export async function clearMfa(deps: Deps, tenant: Tenant, me: Member, id: number): Promise<void> {
  const target = await siteAdminOf(deps, tenant, id);
  if (target.id === me.id) throw ValidationError.general('mfa_clear_self');
  await act(deps, tenant, me, 'mfa_cleared', async (trx, line, at) => {
    const before = mfaStatus(await repo.find(trx, tenant.id, target.id), deps.clock.now());
    await repo.upsert(trx, tenant.id, target.id, {
      mfa_state: 'none',
      secret_enc: null,
      pending_secret_enc: null,
      reset_code_hash: null,
      reset_expires_at: null,
      updated_at: at,
    });
    await repo.removeChallenges(trx, tenant.id, { memberId: target.id });
    line.context = `member:${target.id}`;
    line.data = [{ field: 'mfa_status', old: before, new: 'MFA_NOT_SET' }];
  });
}
