import { describe, expect, it } from 'vitest';
import { type Field, VISIBILITY_EDITABLE, VISIBILITY_READONLY, VISIBILITY_REQUIRED } from '../../../shared/fields/types';
import { hasReadOnlyField, ownFormFields } from './ownForm';

const field = (name: string, visibility: number, type: Field['type'] = 'text'): Field => ({ name, label: name, type, visibility }) as Field;

describe('ownFormFields', () => {
  const fields = [field('firstname', VISIBILITY_REQUIRED), field('lastname', VISIBILITY_EDITABLE), field('email', VISIBILITY_EDITABLE, 'email'), field('address_city', VISIBILITY_EDITABLE)];

  it('shows the federation-owned fields read-only and leaves the rest', () => {
    const out = ownFormFields(fields, ['firstname', 'lastname']);
    expect(out.map((f) => [f.name, f.visibility])).toEqual([
      ['firstname', VISIBILITY_READONLY],
      ['lastname', VISIBILITY_READONLY],
      ['email', VISIBILITY_REQUIRED],
      ['address_city', VISIBILITY_EDITABLE],
    ]);
    expect(hasReadOnlyField(out)).toBe(true);
  });

  it('without locked fields is the own form as before (email required without guardian emails)', () => {
    const out = ownFormFields(fields);
    expect(out.find((f) => f.name === 'firstname')?.visibility).toBe(VISIBILITY_REQUIRED);
    expect(out.find((f) => f.name === 'email')?.visibility).toBe(VISIBILITY_REQUIRED);
    expect(hasReadOnlyField(out)).toBe(false);
  });
});
