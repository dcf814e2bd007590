// The import wizard's server side, one file per step: upload → sheet metadata and mapping →
// check and dry run → import in one transaction as an undoable batch → list and undo.

export { upload } from './upload';
export { sheetMetadata } from './metadata';
export { runImport, type ImportRequest, type ImportResult } from './run';
export { listImports, markUndone } from './list';
