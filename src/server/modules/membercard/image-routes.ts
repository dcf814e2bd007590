import type { FastifyInstance } from 'fastify';
import { idOf, RAW_REPLY, route } from '../../http/route';
import { receiveUpload } from '../../http/upload';
import { NotFound } from '../../lib/errors';
import { MEMBERCARD_IMAGE_MAX_BYTES } from '../../../shared/constants';
import { membercardUploadParams, membercardUploadReply } from '../../../shared/schemas/membercard';
import { parseOrThrow } from '../../http/validate';
import * as images from './images';
import * as repo from './images-repo';

// The card design's images: upload (site admins) and serving (public: the card page shows them
// without a login). An image is served only on its own association's host; a new upload is a
// new id, so a served image never changes and may be cached for good.

export function membercardImageRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/1/membercard/upload/:kind',
    access: 'admin',
    reply: membercardUploadReply,
    handler: async ({ req, tenant, me, params }) => {
      const { kind } = parseOrThrow(membercardUploadParams, params);
      const file = await receiveUpload(app.deps, req, tenant.id, me.id, {
        rate: 'membercard_upload',
        rateError: 'membercard_upload_rate_limited',
        maxBytes: MEMBERCARD_IMAGE_MAX_BYTES,
        tooLargeKey: 'membercard_image_too_large',
      });
      return images.upload(app.deps, tenant, me, kind, file.filename, file.bytes);
    },
  });
  route(app, {
    method: 'GET',
    url: '/api/1/membercard/image/:id',
    access: 'public',
    reply: RAW_REPLY,
    handler: async ({ reply, tenant, params }) => {
      const img = await repo.findData(app.deps.db, tenant.id, idOf(params));
      if (!img) throw new NotFound();
      return reply
        .header('content-type', img.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(img.data);
    },
  });
}
