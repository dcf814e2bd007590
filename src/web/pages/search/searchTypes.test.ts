import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { printedReference, searchableTypes, searchHits, searchPath } from './searchTypes';

// Which types each role searches, where each hit leads, and references shown as printed.

const t = ((key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key)) as unknown as TFunction;
const admin = { board: false, site_admin: true };
const board = { board: true, site_admin: false };
const member = { board: false, site_admin: false };

describe('searchableTypes', () => {
  it('gives site admins every type, the board members only, ordinary members nothing', () => {
    expect(searchableTypes(admin)).toEqual(['members', 'invoices', 'announcements', 'updreqs']);
    expect(searchableTypes(board)).toEqual(['members']);
    expect(searchableTypes(member)).toEqual([]);
  });
});

describe('searchHits', () => {
  it('sends a member to the edit page for admins and to the history for the board', () => {
    const reply = { results: [{ id: 7, firstname: 'Aino', lastname: 'Aalto', fullname_: 'Aino Aalto', email: null, phone: '+358401234567' }], more: false };
    expect(searchHits('members', reply, admin, t)[0]).toMatchObject({ title: 'Aino Aalto', path: '/members/7/edit', detail: '040 123 4567' });
    expect(searchHits('members', reply, board, t)[0]?.path).toBe('/members/7/history');
  });

  it("opens an instance on its recipient's page, an erased recipient's and a subject hit on the invoice", () => {
    const base = { id: 3, subject: 'Jäsenmaksu', sent_at: null };
    const reply = {
      results: [
        { ...base, instance_id: 9, person_id: 5, name: 'Aino Aalto', invoice_number: 1000, reference: '10003' },
        { ...base, instance_id: 10, person_id: null, name: 'Poistettu', invoice_number: 1001, reference: 'RF4610016' },
        { ...base, instance_id: null, person_id: null, name: null, invoice_number: null, reference: null },
      ],
    };
    const hits = searchHits('invoices', reply, admin, t);
    expect(hits.map((h) => h.path)).toEqual(['/invoices/3/person/5', '/invoices/3', '/invoices/3']);
    expect(hits[0]?.cells).toEqual(['Jäsenmaksu', '1000', '10003', 'search.not_sent']);
    expect(hits[1]?.cells[2]).toBe('RF46 1001 6');
    expect(hits[2]?.title).toBe('Jäsenmaksu');
  });

  it('links announcements and update requests to their own pages', () => {
    const reply = { results: [{ id: 4, subject: 'Kevätkokous', sent_at: '2026-03-05T12:05:00.000Z' }] };
    // The catalogue's "klo" between date and Helsinki time.
    expect(searchHits('announcements', reply, admin, t)[0]).toMatchObject({ path: '/announcements/4', detail: '5.3.2026 log.klo 14.05' });
    expect(searchHits('updreqs', reply, admin, t)[0]?.path).toBe('/updreqs/4');
  });
});

describe('paths and references', () => {
  it('encodes the term into the path, and prints references in groups', () => {
    expect(searchPath('invoices', '12 34561')).toBe('/search/invoices/12%2034561');
    expect(printedReference('1234561')).toBe('12 34561');
    expect(printedReference('RF332348236')).toBe('RF33 2348 236');
  });
});
