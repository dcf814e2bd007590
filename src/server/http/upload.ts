import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { ValidationError } from '../lib/errors';
import { takeRate } from '../lib/rateLimit';
import { UPLOADS_MAX_PER_ASSOCIATION, UPLOADS_MAX_PER_MEMBER } from '../../shared/constants';

// One uploaded file of a multipart request (member lists, bank statements). Reading and
// parsing a large file costs the whole server, so uploads are counted per admin and per
// association before anything is read; a request that is not multipart, has no file or one
// over the size limit is refused under the field `file`.

export interface UploadLimits {
  /** Rate counters `${rate}_member` and `${rate}_tenant`, refused with `rateError`. */
  rate: string;
  rateError: string;
  maxBytes: number;
  /** The key of a file over `maxBytes` (with `{max}` in MB); the general upload message when left out. */
  tooLargeKey?: string;
}

export async function receiveUpload(deps: Deps, req: FastifyRequest, tenantId: number, memberId: number, limits: UploadLimits): Promise<{ filename: string; bytes: Buffer }> {
  await takeRate(
    deps,
    tenantId,
    [
      { kind: `${limits.rate}_member`, key: String(memberId), max: UPLOADS_MAX_PER_MEMBER },
      { kind: `${limits.rate}_tenant`, key: 'all', max: UPLOADS_MAX_PER_ASSOCIATION },
    ],
    limits.rateError,
  );
  try {
    const file = await req.file({ limits: { fileSize: limits.maxBytes, files: 1 } });
    if (!file) throw new Error('no file');
    return { filename: file.filename, bytes: await file.toBuffer() };
  } catch (e) {
    if (limits.tooLargeKey && (e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ValidationError({ file: [limits.tooLargeKey] }, { max: String(Math.floor(limits.maxBytes / (1024 * 1024))) });
    }
    throw ValidationError.field('file', 'upload_error');
  }
}
