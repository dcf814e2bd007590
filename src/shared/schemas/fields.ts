import { z } from 'zod';
import { type Field, FIELD_TYPES, VISIBILITIES } from '../fields/types';
import { FIELD_MAXLENGTH_DEFAULT } from '../constants';
import { plainText, queryFlag, requiredText } from './common';

// Contract of the fields API.

export const fieldOption = z.object({
  value: plainText(100),
  label: plainText(255),
  /** Marks an option for removal. */
  remove: z.boolean().optional(),
});

export const fieldParams = z
  .object({
    min: z.number().finite().optional(),
    max: z.number().finite().optional(),
    decimals: z.number().int().min(0).max(6).optional(),
  })
  .strict();

export const fieldSaveBody = z.object({
  name: plainText(50),
  label: requiredText(255),
  type: z.enum(FIELD_TYPES, '_validation_invalid_choice'),
  visibility: z.union(VISIBILITIES.map((v) => z.literal(v)), '_validation_invalid_choice'),
  options: z.array(fieldOption).max(500).default([]),
  params: fieldParams.default({}),
  help_text: plainText(2000).default(''),
  maxlength: z.number().int().min(1).max(65535).default(FIELD_MAXLENGTH_DEFAULT),
  /**
   * Shown on the public application form. Absent: off for a new
   * field, unchanged for an existing one.
   */
  on_apply_form: z.boolean('_validation_invalid').optional(),
  /** What to do with member values of removed dropdown options: record them in member history, or just clear. */
  option_removal: z.enum(['keep_in_history', 'clear']).optional(),
});
export type FieldSaveBody = z.infer<typeof fieldSaveBody>;

export const fieldsAllQuery = z.object({ all_headings: queryFlag });

export const reorderBody = z.object({ order: z.array(z.number().int().positive()).min(1).max(10_000) });

const visibility = z.union(VISIBILITIES.map((v) => z.literal(v)));

/** A field as the API presents it; the editor's settings (visibility_options, on_apply_form) only to site admins. */
export const fieldReply: z.ZodType<Field> = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  visibility,
  visibility_options: z.array(visibility).optional(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  params: z.object({ min: z.number().optional(), max: z.number().optional(), decimals: z.number().optional() }),
  group: z.string().nullable(),
  help_text: z.string(),
  maxlength: z.number().int(),
  fixed: z.boolean(),
  position: z.number(),
  on_apply_form: z.boolean().optional(),
});
export const fieldsReply = z.array(fieldReply);

/** GET fields/{id}: the field and how many members have a value in it. */
export type FieldDetails = Field & { value_count_: number };
export const fieldDetailsReply: z.ZodType<FieldDetails> = z.intersection(fieldReply, z.object({ value_count_: z.number().int() }));
