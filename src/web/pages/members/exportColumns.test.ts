import { describe, expect, it } from 'vitest';
import type { Field } from '../../../shared/fields/types';
import type { Group } from '../../../shared/schemas/groups';
import { exportColumns, inChooserOrder, storedExportColumns } from './exportColumns';

const field = (name: string, type: Field['type'], fixed: boolean): Field => ({
  id: name.length,
  name,
  label: name.toUpperCase(),
  type,
  visibility: 2,
  visibility_options: [0, 1, 2, 3],
  options: [],
  params: {},
  group: null,
  help_text: '',
  maxlength: 255,
  fixed,
  position: 0,
});
const group = (name: string, builtin: string | null): Group => ({
  id: name.length,
  name,
  label: name.toUpperCase(),
  email: null,
  allowed_senders: 'GroupMembers',
  builtin,
  position: 0,
});

const fields = [
  field('firstname', 'text', true),
  field('lastname', 'text', true),
  field('email', 'email', true),
  field('phone', 'text', true),
  field('extra', 'heading', false),
  field('joined', 'date', false),
  field('secret', 'password', false),
];
const groups = [group('everyone', 'everyone'), group('board', 'board'), group('choir', null)];
const available = exportColumns(fields, groups, (c) => `state:${c}`);

describe('exportColumns', () => {
  it('offers fields, own groups and member state; never names, headings, passwords or built-in groups', () => {
    expect(available.map((c) => `${c.section}:${c.name}`)).toEqual([
      'fixed:email',
      'fixed:phone',
      'custom:joined',
      'group:choir',
      'member:member_since',
      'member:active',
      'member:board',
      'member:site_admin',
      'member:created_at',
      'member:federation_ref',
    ]);
    expect(available.find((c) => c.name === 'created_at')?.label).toBe('state:created_at');
  });
});

describe('storedExportColumns', () => {
  it('defaults to email and phone', () => {
    expect(storedExportColumns(undefined, available)).toEqual(['email', 'phone']);
    expect(storedExportColumns('email', available)).toEqual(['email', 'phone']);
  });

  it('keeps a remembered choice in chooser order, without columns that are gone', () => {
    expect(storedExportColumns(['created_at', 'gone', 3, 'joined'], available)).toEqual(['joined', 'created_at']);
    expect(storedExportColumns([], available)).toEqual([]);
  });
});

describe('inChooserOrder', () => {
  it('orders by the chooser, not by ticking', () => {
    expect(inChooserOrder(['choir', 'email', 'active'], available)).toEqual(['email', 'choir', 'active']);
  });
});
