import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { RateLimited, ValidationError } from '../../lib/errors';
import { iso } from '../../lib/clock';
import { countSince, lockCounter, recordAt } from '../../db/rateCounts';
import { act } from '../log/act';
import { systemFrom } from '../mail/from';
import { buildDataExport, exportFileBase, type DataExport } from './data-export';
import { dataExportPdf } from './data-export-pdf';

// The two ways to a person's data export (GDPR Art. 15): a site admin downloads it, and a
// member asks for their own copy, which is mailed to their own address after the reply.
// Every download, request and sending is in the activity log under the member's context.

export const DATA_EXPORT_REQUEST_WINDOW_MS = 24 * 60 * 60 * 1000;
const REQUEST_KIND = 'data_export_request';

export interface ExportFile {
  filename: string;
  type: string;
  content: Buffer;
}

function jsonFile(e: DataExport, base: string): ExportFile {
  return { filename: `${base}.json`, type: 'application/json; charset=utf-8', content: Buffer.from(JSON.stringify(e, null, 2), 'utf8') };
}
async function pdfFile(e: DataExport, base: string): Promise<ExportFile> {
  return { filename: `${base}.pdf`, type: 'application/pdf', content: await dataExportPdf(e) };
}

/** An admin's download of one member's data (any state), logged as member_data_exported. */
export async function downloadDataExport(deps: Deps, tenant: Tenant, me: Member, id: number, format: 'json' | 'pdf'): Promise<ExportFile> {
  const e = await buildDataExport(deps, tenant, id);
  const base = exportFileBase(id, deps.clock.now());
  const file = format === 'json' ? jsonFile(e, base) : await pdfFile(e, base);
  await act(deps, tenant, me, 'member_data_exported', async (_trx, line) => {
    line.context = `member:${String(id)}`;
    line.data = [{ field: 'format', old: null, new: format.toUpperCase() }];
  });
  return file;
}

/**
 * A member's request for their own copy: refused without an email address, and at most one
 * per member in 24 hours (counted in the request's own transaction, so parallel requests
 * cannot both pass). The export is built and mailed after the reply (`done`).
 */
export async function requestOwnDataExport(deps: Deps, tenant: Tenant, me: Member, log: (err: unknown) => void): Promise<{ done: Promise<void> }> {
  const to = me.email?.trim() ?? '';
  if (to === '') throw ValidationError.general('members_data_export_no_email');
  const now = deps.clock.now();
  await act(deps, tenant, me, 'member_data_export_requested', async (trx, line, at) => {
    const key = String(me.id);
    await lockCounter(trx, 'rate_events', tenant.id, REQUEST_KIND, key);
    const since = iso(new Date(now.getTime() - DATA_EXPORT_REQUEST_WINDOW_MS));
    if ((await countSince(trx, 'rate_events', tenant.id, REQUEST_KIND, key, since)) >= 1) throw new RateLimited('members_data_export_rate_limited');
    await recordAt(trx, 'rate_events', tenant.id, REQUEST_KIND, key, at);
    line.context = `member:${key}`;
  });
  const done = sendOwnDataExport(deps, tenant, me.id, to).catch(log);
  return { done };
}

async function sendOwnDataExport(deps: Deps, tenant: Tenant, memberId: number, to: string): Promise<void> {
  const e = await buildDataExport(deps, tenant, memberId);
  const base = exportFileBase(memberId, deps.clock.now());
  const files = [await pdfFile(e, base), jsonFile(e, base)];
  await deps.mailer.send({
    from: systemFrom(deps.config, tenant),
    to,
    subject: `Kopio tiedoistasi – ${tenant.name}`,
    text: [
      `Hei ${e.member.name},`,
      '',
      `pyysit kopion tiedoista, jotka yhdistyksen ${tenant.name} jäsenrekisteri sisältää sinusta (EU:n tietosuoja-asetus, 15 artikla).`,
      'Tiedot ovat liitteenä kahdessa muodossa: luettavana PDF-tiedostona ja koneluettavana JSON-tiedostona.',
      '',
      'Jos et pyytänyt tätä, ota yhteyttä yhdistyksen hallitukseen.',
    ].join('\n'),
    attachments: files.map((f) => ({ filename: f.filename, content: f.content, contentType: f.type.split(';')[0]! })),
  });
  await act(deps, tenant, null, 'member_data_export_sent', async (_trx, line) => {
    line.context = `member:${String(memberId)}`;
  });
}
