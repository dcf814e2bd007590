import { describe, expect, it } from 'vitest';
import { FIXED_FIELDS, type Field } from '../../../shared/fields/types';
import { previewCell, type Destination } from './wizardModel';

// The import preview judges phones and dates like the server does.

const field = (name: string, type: Field['type']): Destination => {
  const f: Field = { id: 1, name, label: name, type, visibility: 2, visibility_options: [0, 1, 2, 3], options: [], params: {}, group: null, help_text: '', maxlength: 255, fixed: FIXED_FIELDS.some((x) => x.name === name), position: 0 };
  return { kind: 'field', name, label: name, field: f };
};

describe('previewCell, foreign mobiles and number-pad dates', () => {
  it('accepts foreign mobiles and shows them internationally', () => {
    expect(previewCell(field('phone', 'text'), '+46701234567')).toEqual({ kind: 'text', text: '+46 70 123 45 67' });
    expect(previewCell(field('phone', 'text'), '0037251234567')).toEqual({ kind: 'text', text: '+372 5123 4567' });
  });

  it('refuses landlines with the prefix message', () => {
    expect(previewCell(field('phone', 'text'), '+46 8 123 456 78')).toMatchObject({ kind: 'error', key: 'members_phone_prefix' });
    expect(previewCell(field('phone', 'text'), '09 1234 5678')).toMatchObject({ kind: 'error', key: 'members_phone_prefix' });
  });

  it('reads dates typed without dots', () => {
    expect(previewCell(field('syntymapaiva', 'date'), '24121990')).toEqual({ kind: 'text', text: '24.12.1990' });
    expect(previewCell(field('syntymapaiva', 'date'), '24 12 1990')).toEqual({ kind: 'text', text: '24.12.1990' });
  });
});
