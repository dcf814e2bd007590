// Two-factor authentication for site admins, and the admins' sessions: the module's
// entry point, split by concept into
//   status.ts       where an admin's 2FA stands, the site-wide requirement, the login's next step
//   secrets.ts      how secrets, challenges and reset codes are sealed or hashed
//   setup.ts        enrolling an authenticator and checking its codes (own 2FA too)
//   login.ts        the steps between password and session (challenge, code, reset code)
//   reset-codes.ts  one admin emails another a reset code, or clears their 2FA
//   admins.ts       the site admins' list and closing their sessions
//   policy.ts       the site-wide switch: ending admin sessions and telling the admins
export { mfaStatus, policy, loginStep, stepFor } from './status';
export { setupOwn, confirmOwn } from './setup';
export { startChallenge, verifyLogin, useResetCode, enrollForLogin } from './login';
export { sendResetCode, clearMfa } from './reset-codes';
export { closeAdminSessions, siteAdmins, recordLogin } from './admins';
export { endAdminSessions, notifyPolicyChange } from './policy';
