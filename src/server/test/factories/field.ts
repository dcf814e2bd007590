import type { Field } from '../../../shared/fields/types';
import type { FieldSaveBody } from '../../../shared/schemas/fields';
import type { Client } from '../harness';

// A custom field made through the API as an admin makes it (position, visibility options
// and log line as in real use). A refused body fails the test at once, not later.

export type FieldOverrides = Partial<FieldSaveBody> & Pick<FieldSaveBody, 'name'>;

/** A custom field named `name`: a visible, editable text field labelled by its name unless told otherwise. */
export async function makeField(admin: Client, over: FieldOverrides): Promise<Field> {
  const r = await admin.post('/api/1/fields/new', { label: over.name, type: 'text', visibility: 2, ...over });
  if (r.status !== 200) throw new Error(`makeField ${over.name}: ${String(r.status)} ${JSON.stringify(r.body)}`);
  return r.body as Field;
}
