import { z } from 'zod';
import { MFA_POLICIES, MFA_STATES } from '../constants';
import { sessionReply } from './session';

// Contract of two-factor authentication, site admins and their sessions.

/** A 6-digit TOTP code as typed: spaces are ignored. */
const totpCode = z
  .string()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().min(1, '_validation_field_required').regex(/^\d{6}$/, 'mfa_code_invalid'));

const challenge = z.string().min(10).max(200);

/** What login asks next when a password alone is not enough. */
export const MFA_STEPS = ['code', 'enroll', 'reset_code'] as const;
export type MfaStep = (typeof MFA_STEPS)[number];

export const mfaChallengeReply = z.object({
  mfa_required: z.enum(MFA_STEPS),
  challenge,
});
export type MfaChallengeReply = z.infer<typeof mfaChallengeReply>;

/** POST session/login answers with a session, or with the next 2FA step. */
export const loginReply = z.union([sessionReply, mfaChallengeReply]);
export type LoginReply = z.infer<typeof loginReply>;

export const mfaChallengeBody = z.object({ challenge });
export const mfaVerifyBody = z.object({ challenge, code: totpCode });
export type MfaVerifyBody = z.infer<typeof mfaVerifyBody>;
export const mfaResetBody = z.object({
  challenge,
  reset_code: z
    .string()
    .transform((s) => s.replace(/[\s-]+/g, '').toUpperCase())
    .pipe(z.string().min(1, '_validation_field_required').max(64)),
});
export type MfaResetBody = z.infer<typeof mfaResetBody>;

/** Enrolment material: the QR code (SVG markup) and the same key for typing by hand. */
export const mfaEnrollmentReply = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_svg: z.string(),
});
export type MfaEnrollmentReply = z.infer<typeof mfaEnrollmentReply>;

export const mfaConfirmBody = z.object({ code: totpCode });

export const mfaStatus = z.enum(MFA_STATES);

export const siteAdmin = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  mfa_status: mfaStatus,
  /** ISO time the pending reset code stops working; null unless resetting. */
  resetCodeExpireDate: z.string().nullable(),
  last_login: z.string().nullable(),
  session_count: z.number().int(),
  /** The signed-in admin's own row. */
  me: z.boolean(),
});
export type SiteAdmin = z.infer<typeof siteAdmin>;

export const siteAdminsReply = z.object({
  mfa_enabled_for: z.enum(MFA_POLICIES),
  site_admins: z.array(siteAdmin),
});
export type SiteAdminsReply = z.infer<typeof siteAdminsReply>;

/** Body of clear_mfa, send_mfa_reset_code and close_site_admin_sessions. */
export const adminIdBody = z.object({ id: z.number().int().min(0) });

export const resetCodeSentReply = z.object({ ok: z.literal(true), resetCodeExpireDate: z.string() });
export const sessionsClosedReply = z.object({ ok: z.literal(true), closed: z.number().int() });
