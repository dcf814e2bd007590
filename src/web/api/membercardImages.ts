import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { membercardUploadReply } from '../../shared/schemas/membercard';
import { api } from './client';

// The member card design's images (logo, background): uploaded one at a time; the reply's id
// goes into the draft design and is saved with the settings.

export type CardImageKind = 'logo' | 'bgimage';
export type CardImageUpload = z.infer<typeof membercardUploadReply>;

/** Errors: 400 `file: membercard_image_parse_failed | membercard_image_too_large`, 429. */
export function useUploadCardImage(kind: CardImageKind) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.upload(`membercard/upload/${kind}`, form, membercardUploadReply);
    },
  });
}
