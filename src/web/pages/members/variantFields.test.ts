import { describe, expect, it } from 'vitest';
import type { Field, Visibility } from '../../../shared/fields/types';
import { applicationFields, ownFields } from './variantFields';

const field = (name: string, visibility: Visibility): Field => ({
  id: name.length,
  name,
  label: name,
  type: name.startsWith('email') ? 'email' : 'text',
  visibility,
  visibility_options: [0, 1, 2, 3],
  options: [],
  params: {},
  group: null,
  help_text: '',
  maxlength: 255,
  fixed: true,
  position: 0,
});
const visibilities = (fields: Field[]) => Object.fromEntries(fields.map((f) => [f.name, f.visibility]));

describe('applicationFields', () => {
  it('makes the email required, leaving the rest as configured', () => {
    expect(visibilities(applicationFields([field('firstname', 3), field('email', 2), field('phone', 2)]))).toEqual({
      firstname: 3,
      email: 3,
      phone: 2,
    });
  });

  it('lets the applicant fill in fields set on the form that members may not edit', () => {
    expect(visibilities(applicationFields([field('syntymaaika', 1), field('kotikunta', 0), field('kunta', 3)]))).toEqual({
      syntymaaika: 2,
      kotikunta: 2,
      kunta: 3,
    });
  });
});

describe('ownFields', () => {
  it('makes an editable own email required without guardian emails', () => {
    expect(visibilities(ownFields([field('email', 2), field('phone', 2)]))).toEqual({ email: 3, phone: 2 });
  });

  it('leaves a read-only email read-only', () => {
    expect(visibilities(ownFields([field('email', 1)]))).toEqual({ email: 1 });
  });

  it('leaves the choice to the server when guardian emails are on', () => {
    expect(visibilities(ownFields([field('email', 2), field('email_porg1', 2), field('email_porg2', 2)]))).toEqual({
      email: 2,
      email_porg1: 2,
      email_porg2: 2,
    });
  });
});
