import { z } from 'zod';

// Error shapes of every API reply.

/** 400: message keys per field; `general` goes to the banner. */
export const validationErrorReply = z.object({
  errors: z.record(z.string(), z.array(z.string())),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type ValidationErrors = Record<string, string[]>;

export const SESSION_ERROR = 'A4SessionError';
export const errorReply = z.object({ error: z.string(), message: z.string().optional() });
export type ErrorReply = z.infer<typeof errorReply>;
