import { z } from 'zod';
import { PASSWORD_MAX, passwordStrength } from '../finnish/password';

// Forgotten password: ask for a link by email, then set a new password with it.

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(
    z
      .string()
      .min(1, { error: '_validation_field_required', abort: true })
      .max(255, { error: '_validation_too_long', abort: true })
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, '_validation_invalid_email'),
  );

export const resetRequestBody = z.object({ email });
export type ResetRequestBody = z.infer<typeof resetRequestBody>;

/** The link's token; its shape is not checked here, an unknown token is simply "invalid or expired". */
const token = z.string().min(1).max(200);

export const resetCheckBody = z.object({ token });

/** The password rules: min 10 (strength 0 below), strength > 0, max 50, confirmation equal. */
export const newPasswordFields = z
  .object({
    newPassword_: z.string().min(1, '_validation_field_required').max(PASSWORD_MAX, '_validation_too_long'),
    // Only compared with the new password; its own errors would repeat the first field's.
    confirmNewPassword_: z.string().max(200),
  })
  .superRefine((v, ctx) => {
    if (passwordStrength(v.newPassword_) === 0) {
      ctx.addIssue({ code: 'custom', path: ['newPassword_'], message: 'insufficient_password_strength' });
    } else if (v.newPassword_ !== v.confirmNewPassword_) {
      ctx.addIssue({ code: 'custom', path: ['confirmNewPassword_'], message: 'passwords_dont_match' });
    }
  });
export type NewPasswordFields = z.infer<typeof newPasswordFields>;

export const resetPasswordBody = z.intersection(z.object({ token }), newPasswordFields);
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
