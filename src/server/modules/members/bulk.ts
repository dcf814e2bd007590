// Bulk actions over the members a filter matches, one piece per concept.
export { NOT_BULK_EDITABLE, parseBulkData, bulkUpdate, bulkGet } from './bulk-edit';
export { bulkRemove, bulkRestore } from './bulk-remove';
export { deletePermanently } from './delete-permanently';
