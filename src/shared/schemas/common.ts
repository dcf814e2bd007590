import { z } from 'zod';
import { hasFourByteChars } from '../fields/values';

/** A trimmed string without 4-byte characters. */
export const plainText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, '_validation_too_long')
    .refine((s) => !hasFourByteChars(s), '_validation_unsupported_characters');

export const requiredText = (max: number) => plainText(max).pipe(z.string().min(1, '_validation_field_required'));

/** Query flags arrive as "1"/"true"/"0"/"false" or absent. */
export const queryFlag = z
  .union([z.literal('1'), z.literal('true'), z.literal('0'), z.literal('false')])
  .optional()
  .transform((v) => v === '1' || v === 'true');

export const confirmQuery = z.object({ confirmed: queryFlag });
