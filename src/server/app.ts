import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { Deps } from './deps';
import './http/types';
import { tenantPlugin } from './plugins/tenant';
import { sessionPlugin } from './plugins/session';
import { csrfPlugin } from './plugins/csrf';
import { guardPlugin } from './plugins/guard';
import { errorPlugin } from './plugins/errors';
import { bodyDepthPlugin } from './plugins/bodyDepth';
import { healthRoutes } from './modules/health/routes';
import { sessionRoutes } from './modules/session/routes';
import { securityRoutes } from './modules/security/routes';
import { settingsRoutes } from './modules/settings/routes';
import { retentionRoutes } from './modules/retention/routes';
import { memberRoutes } from './modules/members/routes';
import { dataExportRoutes } from './modules/members/data-export-routes';
import { batchRoutes } from './modules/batches/routes';
import { fieldRoutes } from './modules/fields/routes';
import { groupRoutes } from './modules/groups/routes';
import { updreqRoutes } from './modules/updreqs/routes';
import { updreqAdminRoutes } from './modules/updreqs/admin-routes';
import { importerRoutes } from './modules/importer/routes';
import { logRoutes } from './modules/log/routes';
import { passwordResetRoutes } from './modules/passwordreset/routes';
import { savedFilterRoutes } from './modules/savedfilters/routes';
import { hookRoutes } from './modules/hooks/routes';
import { msgviewRoutes } from './modules/msgview/routes';
import { announcementRoutes } from './modules/announcements/routes';
import { membercardRoutes } from './modules/membercard/routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { invoicePdfRoutes } from './modules/invoices/pdf-routes';
import { expenseClaimPdfRoutes } from './modules/expenseclaims/pdf/routes';
import { invoiceActionRoutes } from './modules/invoices/actions-routes';
import { bankImportRoutes } from './modules/bank/import-routes';
import { membercardImageRoutes } from './modules/membercard/image-routes';
import { expenseClaimRoutes } from './modules/expenseclaims/routes';
import { mooneyRoutes } from './modules/payments/mooney-routes';
import { onlineRoutes } from './modules/payments/online-routes';
import { receiptRoutes } from './modules/receipts/routes';
import { invoiceReportRoutes } from './modules/invoices/report-routes';
import { bankReviewRoutes } from './modules/bank/review-routes';
import { bankMandateRoutes } from './modules/bank/mandate-routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import multipart from '@fastify/multipart';
import { IMPORT_MAX_FILE_BYTES } from '../shared/constants';

export interface AppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app (dist/web); null in API-only tests. */
  webRoot?: string | null;
}

/**
 * Fastify wiring. Request flow: tenant → session → CSRF → role guard → Zod body → handler.
 * Each step is a plain function on the root instance (no
 * encapsulation), so hooks apply to every route.
 */
export async function buildApp(deps: Deps, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    // Forwarded headers only from the proxies named in TRUST_PROXY: otherwise any
    // client could pick the address the throttles and the audit log see.
    trustProxy: deps.config.trustProxy.length > 0 ? deps.config.trustProxy : false,
    bodyLimit: 2 * 1024 * 1024,
  });
  app.decorate('deps', deps);

  const https = deps.config.secureCookies;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables through style tags and attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Paytrail's provider logos on the charge page (/m/{id}/charge).
        imgSrc: ["'self'", 'data:', 'blob:', 'https://resources.paytrail.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // The charge page's provider buttons post to the banks' own https pages (Paytrail's list).
        formAction: ["'self'", 'https:'],
        frameAncestors: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie, { secret: deps.config.sessionSecret });
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 10 } });

  errorPlugin(app, { webRoot: opts.webRoot ?? null });
  tenantPlugin(app);
  sessionPlugin(app);
  csrfPlugin(app);
  guardPlugin(app);
  bodyDepthPlugin(app);

  healthRoutes(app);
  sessionRoutes(app);
  passwordResetRoutes(app);
  savedFilterRoutes(app);
  securityRoutes(app);
  settingsRoutes(app);
  retentionRoutes(app);
  memberRoutes(app);
  dataExportRoutes(app);
  batchRoutes(app);
  fieldRoutes(app);
  groupRoutes(app);
  updreqRoutes(app);
  updreqAdminRoutes(app);
  importerRoutes(app);
  logRoutes(app);
  hookRoutes(app);
  msgviewRoutes(app);
  announcementRoutes(app);
  membercardRoutes(app);
  invoiceRoutes(app);
  invoicePdfRoutes(app);
  expenseClaimPdfRoutes(app);
  invoiceActionRoutes(app);
  bankImportRoutes(app);
  membercardImageRoutes(app);
  expenseClaimRoutes(app);
  mooneyRoutes(app);
  onlineRoutes(app);
  receiptRoutes(app);
  invoiceReportRoutes(app);
  bankReviewRoutes(app);
  bankMandateRoutes(app);
  dashboardRoutes(app);

  if (opts.webRoot && fs.existsSync(opts.webRoot)) {
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      prefix: '/',
      index: false, // index.html goes through the not-found handler so it is never cached
      wildcard: false,
      // The build's .br and .gz copies (scripts/precompress.ts), for browsers that accept them.
      preCompressed: true,
      // Only Vite's content-hashed files may be cached forever; the rest (favicon) revalidates.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}
