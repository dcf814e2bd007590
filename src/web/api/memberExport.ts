import type { Filter } from '../../shared/filter/types';
import { EXPORT_FORMATS, exportTokenReply, type ExportFormat, type ExportTokenReply } from '../../shared/schemas/export';
import { api } from './client';

// Member export: the filter goes in a CSRF-protected POST body
// (members/export_token), which answers a single-use address; the browser then downloads
// that address itself, so the file streams to disk and never sits in the page's memory.

export { EXPORT_FORMATS, type ExportFormat };

/** Persistent-data keys: the admin's last choice of columns and format. */
export const PD_EXPORT_COLUMNS = 'export_columns';
export const PD_EXPORT_FORMAT = 'export_format';

/** Asks for a download address; columns in the order given, which is the order of the sheet. */
export const requestExport = (filter: Filter, columns: readonly string[], format: ExportFormat): Promise<ExportTokenReply> =>
  api.post('members/export_token', { filter, columns: [...columns], format }, exportTokenReply);

/** Lets the browser fetch and save the file (its own download, streamed to disk). */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

export const isExportFormat = (value: unknown): value is ExportFormat =>
  typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);
