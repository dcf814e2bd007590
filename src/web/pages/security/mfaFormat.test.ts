import { describe, expect, it } from 'vitest';
import { MFA_STATES } from '../../../shared/constants';
import fi from '../../../shared/i18n/fi';
import { adminActions, adminName, effectiveMfaState, groupSecret, MFA_STATE_COLORS, MFA_STATE_LABELS, svgDataUrl } from './mfaFormat';

describe('groupSecret', () => {
  it('groups a base32 key in fours, as authenticator apps show it', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
  });

  it('keeps a short last group and normalises case, spaces and dashes', () => {
    expect(groupSecret('abcd efgh-ij')).toBe('ABCD EFGH IJ');
    expect(groupSecret('ABC')).toBe('ABC');
    expect(groupSecret('')).toBe('');
  });

  it('gives back the key when the spaces are removed', () => {
    const key = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(groupSecret(key).replace(/ /g, '')).toBe(key);
  });
});

describe('svgDataUrl', () => {
  it('encodes the markup as a base64 data address, UTF-8 included', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><title>Ä</title></svg>';
    const url = svgDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const decoded = Buffer.from(url.slice('data:image/svg+xml;base64,'.length), 'base64').toString('utf8');
    expect(decoded).toBe(svg);
  });

  it('leaves nothing of the markup readable in the address (no way out of the attribute)', () => {
    expect(svgDataUrl('<svg onload="alert(1)"/>" onerror="x')).toMatch(/^data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+$/);
  });
});

describe('effectiveMfaState', () => {
  const now = new Date('2026-03-05T12:00:00Z');

  it('shows the server state as it is', () => {
    for (const state of MFA_STATES) {
      expect(effectiveMfaState({ mfa_status: state, resetCodeExpireDate: null }, now)).toBe(state);
    }
  });

  it('shows a reset code whose time has passed as expired', () => {
    expect(effectiveMfaState({ mfa_status: 'MFA_RESETTING', resetCodeExpireDate: '2026-03-05T11:59:59Z' }, now)).toBe('MFA_RESETTING_EXPIRED');
    expect(effectiveMfaState({ mfa_status: 'MFA_RESETTING', resetCodeExpireDate: '2026-03-05T12:00:00Z' }, now)).toBe('MFA_RESETTING_EXPIRED');
    expect(effectiveMfaState({ mfa_status: 'MFA_RESETTING', resetCodeExpireDate: '2026-03-06T12:00:00Z' }, now)).toBe('MFA_RESETTING');
    expect(effectiveMfaState({ mfa_status: 'MFA_RESETTING', resetCodeExpireDate: 'huomenna' }, now)).toBe('MFA_RESETTING');
  });
});

describe('state labels', () => {
  it('has a Finnish label and a colour for each of the five states', () => {
    expect(Object.keys(MFA_STATE_LABELS).sort()).toEqual([...MFA_STATES].sort());
    expect(Object.keys(MFA_STATE_COLORS).sort()).toEqual([...MFA_STATES].sort());
    expect(MFA_STATES.map((s) => fi[MFA_STATE_LABELS[s]])).toEqual([
      'Ei asetettu',
      'Käyttöönotto kesken',
      'Käytössä',
      'Palautus kesken',
      'Palautuskoodi vanhentunut',
    ]);
  });
});

describe('adminActions', () => {
  it('offers a reset code only to admins whose authenticator is or was in use', () => {
    expect(adminActions({ mfa_status: 'MFA_NOT_SET', me: false })).toEqual(['close_sessions']);
    expect(adminActions({ mfa_status: 'MFA_SETTING_UP', me: false })).toEqual(['clear', 'close_sessions']);
    expect(adminActions({ mfa_status: 'MFA_SET', me: false })).toEqual(['send_reset', 'clear', 'close_sessions']);
    expect(adminActions({ mfa_status: 'MFA_RESETTING', me: false })).toEqual(['send_reset', 'clear', 'close_sessions']);
    expect(adminActions({ mfa_status: 'MFA_RESETTING_EXPIRED', me: false })).toEqual(['send_reset', 'clear', 'close_sessions']);
  });

  it('never offers removing your own 2FA, and closes only your other sessions', () => {
    expect(adminActions({ mfa_status: 'MFA_SET', me: true })).toEqual(['send_reset', 'close_own']);
    expect(adminActions({ mfa_status: 'MFA_NOT_SET', me: true })).toEqual(['close_own']);
  });
});

describe('adminName', () => {
  it('uses the name, else the email, else the id', () => {
    expect(adminName({ id: 3, firstname: 'Anna', lastname: 'Admin', email: 'a@b.fi' })).toBe('Anna Admin');
    expect(adminName({ id: 3, firstname: '', lastname: '', email: 'a@b.fi' })).toBe('a@b.fi');
    expect(adminName({ id: 3, firstname: '', lastname: '', email: null })).toBe('#3');
  });
});
