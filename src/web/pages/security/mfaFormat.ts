import type { MfaState } from '../../../shared/constants';
import type { SiteAdmin } from '../../../shared/schemas/security';

// Pure helpers of the two-factor pages: the manual key as people type it, the QR code
// as an image address, and which state label and row actions an admin gets.

/** The base32 key in groups of four ("ABCD EFGH IJKL"), the way authenticator apps show it. */
export function groupSecret(secret: string): string {
  const plain = secret.replace(/[\s-]+/g, '').toUpperCase();
  return (plain.match(/.{1,4}/g) ?? []).join(' ');
}

/**
 * The server's QR code (SVG markup) as a data: address for an <img>. An image cannot
 * run scripts or reach the page, so the markup is never put into the DOM as HTML.
 */
export function svgDataUrl(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/**
 * The state to show. The server turns "resetting" into "resetting expired" when the
 * code's time has passed; a page left open past that moment shows it too.
 */
export function effectiveMfaState(admin: Pick<SiteAdmin, 'mfa_status' | 'resetCodeExpireDate'>, now: Date = new Date()): MfaState {
  if (admin.mfa_status === 'MFA_RESETTING' && admin.resetCodeExpireDate) {
    const expires = new Date(admin.resetCodeExpireDate).getTime();
    if (!Number.isNaN(expires) && expires <= now.getTime()) return 'MFA_RESETTING_EXPIRED';
  }
  return admin.mfa_status;
}

/** Catalogue key of each state's label (five states per admin). */
export const MFA_STATE_LABELS = {
  MFA_NOT_SET: 'security.status_not_set',
  MFA_SETTING_UP: 'security.status_setting_up',
  MFA_SET: 'security.status_set',
  MFA_RESETTING: 'security.status_resetting',
  MFA_RESETTING_EXPIRED: 'security.status_resetting_expired',
} as const satisfies Record<MfaState, string>;

/** Badge dot colours (the text carries the meaning): green on, gray off, yellow/orange waiting for the admin, red locked out. */
export const MFA_STATE_COLORS: Record<MfaState, string> = {
  MFA_NOT_SET: 'gray',
  MFA_SETTING_UP: 'yellow',
  MFA_SET: 'green',
  MFA_RESETTING: 'orange',
  MFA_RESETTING_EXPIRED: 'red',
};

export type AdminAction = 'send_reset' | 'clear' | 'close_sessions' | 'close_own';

/** States with an authenticator in use (or being replaced): a reset code makes sense. */
const RESETTABLE: readonly MfaState[] = ['MFA_SET', 'MFA_RESETTING', 'MFA_RESETTING_EXPIRED'];

/**
 * What a site admin can do to a row. A reset code only helps someone whose
 * authenticator is (or was) in use, the server refuses it otherwise; clearing is for
 * others only (refused for yourself); your own row closes your other sessions instead
 * of all of them.
 */
export function adminActions(admin: Pick<SiteAdmin, 'mfa_status' | 'me'>): AdminAction[] {
  const actions: AdminAction[] = [];
  if (RESETTABLE.includes(admin.mfa_status)) actions.push('send_reset');
  if (admin.mfa_status !== 'MFA_NOT_SET' && !admin.me) actions.push('clear');
  actions.push(admin.me ? 'close_own' : 'close_sessions');
  return actions;
}


/** The admin's name as shown (a row without names still needs a label). */
export const adminName = (admin: Pick<SiteAdmin, 'firstname' | 'lastname' | 'email' | 'id'>): string =>
  `${admin.firstname} ${admin.lastname}`.trim() || admin.email || `#${String(admin.id)}`;
