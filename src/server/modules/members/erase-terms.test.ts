import { describe, expect, it } from 'vitest';
import { mentions, redactJson, redactText, REDACTED, termsOf, type ErasedPerson } from './erase-terms';

const person: ErasedPerson = { id: 7, firstname: 'Matti', lastname: 'Quixwellström', email: 'matti.q@example.fi', email_porg1: null, email_porg2: null, phone: '+358401234567' };
// Another member is also called Matti: the first name alone does not identify this one.
const terms = termsOf([person], new Set(['matti']));

describe('erase terms', () => {
  it('redacts the address, the phone in both forms and the full name in either order, in any case', () => {
    expect(redactText('Lähetetty osoitteeseen MATTI.Q@example.fi', terms)).toBe(`Lähetetty osoitteeseen ${REDACTED}`);
    expect(redactText('0401234567 / +358401234567', terms)).toBe(`${REDACTED} / ${REDACTED}`);
    expect(redactText('Quixwellström Matti', terms)).toBe(REDACTED);
  });

  it('redacts a name no one else has, inflected too, but not a name others carry', () => {
    expect(redactText('Quixwellströmin suodatin', terms)).toBe(`${REDACTED} suodatin`);
    expect(redactText('Matti', terms)).toBe('Matti');
    expect(redactText('Matti Virtanen', terms)).toBe('Matti Virtanen');
  });

  it('keeps the shape of stored JSON: a filter condition keeps its field and verb', () => {
    const filter = JSON.stringify([{ field: 'lastname', verb: 'eq', value: 'Quixwellström' }, { field: 'firstname', verb: 'eq', value: 'Matti' }]);
    expect(JSON.parse(redactJson(filter, terms)!)).toEqual([
      { field: 'lastname', verb: 'eq', value: REDACTED },
      { field: 'firstname', verb: 'eq', value: 'Matti' },
    ]);
    expect(redactJson(JSON.stringify([{ field: 'city', value: 'Oulu' }]), terms)).toBeNull();
  });

  it('finds the person in a file or a mail by address, full name or a name of their own', () => {
    expect(mentions('To: matti.q@example.fi', terms)).toBe(true);
    expect(mentions('Hei Quixwellströmille', terms, true)).toBe(true);
    expect(mentions('Hei Matti', terms, true)).toBe(false);
  });
});
