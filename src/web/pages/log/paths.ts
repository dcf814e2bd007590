import { PATHS } from '../../routes';

/** `/log/{id}`: one entry (spec §2 "receipt view"; for now every entry's detail page). */
export const logEntryPath = (id: number): string => PATHS.logReceipt.replace(':id', String(id));
