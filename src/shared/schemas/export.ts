import { z } from 'zod';
import { filterSchema } from './members';

// Member export. The filter used to travel in the URL path, which a
// filter of a few conditions outgrew (414). Now: POST members/export_token {filter,
// columns, format} (CSRF-protected, validated) → {token, url}; GET the url to download.

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How long a token can be used, once. */
export const EXPORT_TOKEN_TTL_MS = 5 * 60 * 1000;

export const exportTokenBody = z.object({
  filter: filterSchema.optional(),
  columns: z.array(z.string().max(100)).max(500).default(['email', 'phone']),
  format: z.enum(EXPORT_FORMATS, '_validation_invalid_choice').default('xlsx'),
});
export type ExportTokenBody = z.input<typeof exportTokenBody>;

export const exportTokenReply = z.object({ token: z.string(), url: z.string(), expires_at: z.string() });
export type ExportTokenReply = z.infer<typeof exportTokenReply>;
