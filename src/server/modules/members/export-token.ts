import crypto from 'node:crypto';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import type { Filter } from '../../../shared/filter/types';
import { normalizeFilter } from '../../../shared/filter/normalize';
import { EXPORT_TOKEN_TTL_MS, type ExportFormat, type ExportTokenReply } from '../../../shared/schemas/export';
import { API_BASE } from '../../../shared/constants';
import { NotFound } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { checkExportColumns, exportMembers, type ExportFile } from './export';
import { loadModel } from './model';
import * as tokens from './export-token-repo';

// Why a token and not a fetched file: a download the browser performs itself (GET on a
// link) is streamed to disk however large (100 000 members), where fetch() would hold the
// whole file in the page's memory first. A GET link cannot carry the X-CSRFToken header,
// so the request with the filter is a CSRF-protected POST that is checked in full (errors
// reach the page as JSON and show in its banner) and answers a single-use token, valid
// EXPORT_TOKEN_TTL_MS, usable only by the same session in the same association.

const hash = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

interface ExportRequest {
  filter: Filter;
  columns: string[];
  format: ExportFormat;
}

export async function createExportToken(deps: Deps, tenant: Tenant, me: Member, sessionId: string, request: ExportRequest): Promise<ExportTokenReply> {
  // Refuse now what the download would refuse, while the page can still show why.
  checkExportColumns(await loadModel(deps.db, tenant.id), request.columns);
  const now = deps.clock.now();
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = iso(new Date(now.getTime() + EXPORT_TOKEN_TTL_MS));
  await tokens.deleteExpired(deps.db, tenant.id, iso(now));
  await tokens.insert(deps.db, tenant.id, { id: hash(token), session_id: sessionId, member_id: me.id, request: JSON.stringify(request), expires_at: expiresAt });
  return { token, url: `${API_BASE}/members/export?token=${token}`, expires_at: expiresAt };
}

/** Uses up a token and starts the export; unknown, used, expired, or another session's or association's: 404. */
export async function exportByToken(deps: Deps, tenant: Tenant, me: Member, sessionId: string, token: string): Promise<ExportFile> {
  const id = hash(token);
  // Expired requests (their filters may name people) go whenever tokens are used.
  const now = iso(deps.clock.now());
  await tokens.deleteExpired(deps.db, tenant.id, now);
  const row = await tokens.findLive(deps.db, tenant.id, id, sessionId, me.id, now);
  // Single use: of two racing requests only the one that deletes the row goes on.
  if (!row || !(await tokens.take(deps.db, tenant.id, id))) throw new NotFound();
  const request = JSON.parse(row.request) as ExportRequest;
  return exportMembers(deps, tenant, me, normalizeFilter(request.filter), request.columns, request.format);
}
