import { z } from 'zod';

// Contract of the session API.

export const loginBody = z.object({
  email: z.string().trim().min(1, '_validation_field_required').max(255),
  password: z.string().min(1, '_validation_field_required').max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const sessionUser = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  site_admin: z.boolean(),
  board: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const persistentData = z.record(z.string(), z.unknown());

export const sessionReply = z.object({
  user: sessionUser,
  customer_name: z.string(),
  persistent_data: persistentData,
});
export type SessionReply = z.infer<typeof sessionReply>;

export const setPersistentDataBody = z.object({
  key: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/, '_validation_invalid_choice'),
  // Small UI state only (page size, columns, flags); bounded so it cannot grow unchecked.
  val: z.unknown().refine((v) => v === undefined || JSON.stringify(v).length <= 10_000, 'value_too_large'),
});
export type SetPersistentDataBody = z.infer<typeof setPersistentDataBody>;

export const okReply = z.object({ ok: z.literal(true) });
export type OkReply = z.infer<typeof okReply>;
