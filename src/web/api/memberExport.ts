import { API_BASE } from '../../shared/constants';
import { filterToParam } from '../../shared/filter/normalize';
import type { Filter } from '../../shared/filter/types';

// Member export (spec §2 /member_export/{filter}, §7 "Export: GET with the filter in the
// path"). The file is a plain download: the browser fetches it with the session cookie
// and saves it, so nothing large passes through the page's memory.

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Persistent-data keys: the admin's last choice of columns and format. */
export const PD_EXPORT_COLUMNS = 'export_columns';
export const PD_EXPORT_FORMAT = 'export_format';

/** The download address; columns in the order given, which is the order of the sheet. */
export function exportUrl(filter: Filter, columns: readonly string[], format: ExportFormat): string {
  const names = columns.map(encodeURIComponent).join(',');
  return `${API_BASE}/members/export/${filterToParam(filter)}?format=${format}&columns=${names}`;
}

export const isExportFormat = (value: unknown): value is ExportFormat =>
  typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);
