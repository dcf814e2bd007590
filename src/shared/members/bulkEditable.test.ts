import { describe, expect, it } from 'vitest';
import { FIXED_FIELDS } from '../fields/types';
import { isBulkEditableField } from './bulkEditable';

describe('bulk-editable fields', () => {
  it('offers the address and guardian emails among the fixed fields, never names, email or phone', () => {
    const editable = FIXED_FIELDS.filter((f) => isBulkEditableField({ ...f, fixed: true })).map((f) => f.name);
    expect(editable).toEqual(['email_porg1', 'email_porg2', 'address_street', 'address_zip', 'address_city']);
  });

  it('offers custom fields except headings and passwords', () => {
    const custom = (type: 'text' | 'heading' | 'password' | 'checkbox') => isBulkEditableField({ name: 'kentta', type, fixed: false });
    expect([custom('text'), custom('checkbox'), custom('heading'), custom('password')]).toEqual([true, true, false, false]);
  });

  it('refuses a custom field that somehow carries a protected name', () => {
    expect(isBulkEditableField({ name: 'phone', type: 'text', fixed: false })).toBe(false);
  });
});
