import { describe, expect, it } from 'vitest';
import { isReservedName, NAME_MAX, nameShapeError } from './names';

describe('field and group names', () => {
  it('accepts letters, digits and underscores', () => {
    expect(['kuoro', 'Jasenmaksu_2026', 'a1', 'x'.repeat(NAME_MAX)].map(nameShapeError)).toEqual([null, null, null, null]);
  });

  it('names what is wrong with the shape', () => {
    expect(nameShapeError('')).toBe('_validation_field_required');
    expect(nameShapeError('_salainen')).toBe('fields_name_underscore');
    expect(nameShapeError('väri')).toBe('fields_name_invalid');
    expect(nameShapeError('two words')).toBe('fields_name_invalid');
    expect(nameShapeError('x'.repeat(NAME_MAX + 1))).toBe('_validation_too_long');
  });

  it('reserves member attributes and fixed fields, in any case', () => {
    expect(['firstname', 'EMAIL', 'site_admin', 'everyone', 'member_since', 'general'].every(isReservedName)).toBe(true);
    expect(isReservedName('kuoro')).toBe(false);
  });
});
