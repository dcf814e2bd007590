// Undo lives in the batches module; the importer still imports it from here.
export { undoBatch, type UndoResult } from '../batches/service';
