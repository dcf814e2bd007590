import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFinnishMobile } from '../finnish/phone';
import { MESSAGE_MEDIA } from './media';
import { type ReachMember, splitReachable, unreachableReason } from './reach';

let nextId = 1;
function member(over: Partial<ReachMember> = {}): ReachMember {
  return {
    id: nextId++,
    firstname: 'Äijä',
    lastname: 'Öhman',
    email: 'aija.ohman@example.fi',
    phone: '+358401234567',
    address_street: 'Åkerlundinkatu 11 B 22',
    address_zip: '33100',
    address_city: 'Tampere',
    ...over,
  };
}

describe('unreachableReason: email', () => {
  it('reaches a member with an address that has not bounced', () => {
    expect(unreachableReason(member(), 'email')).toBeNull();
    expect(unreachableReason(member(), 'email', { lastEmail: 'sent' })).toBeNull();
    expect(unreachableReason(member(), 'email', { lastEmail: 'confirmed' })).toBeNull();
  });

  it.each([null, '', '   '])('no_email for %j', (email) => {
    expect(unreachableReason(member({ email }), 'email')).toEqual({ reason: 'no_email' });
  });

  it('skips an address whose last message bounced', () => {
    expect(unreachableReason(member(), 'email', { lastEmail: 'bounced' })).toEqual({ reason: 'email_bounced' });
  });

  it('does not mix up the media: a bounced SMS does not stop email, nor a bounced email SMS', () => {
    expect(unreachableReason(member(), 'email', { lastSms: 'bounced' })).toBeNull();
    expect(unreachableReason(member(), 'sms', { lastEmail: 'bounced' })).toBeNull();
  });
});

describe('unreachableReason: sms', () => {
  it.each(['+358401234567', '040 123 4567', '+358 50 123 4567', '0457 123 4567'])('reaches the Finnish mobile %s', (phone) => {
    expect(unreachableReason(member({ phone }), 'sms')).toBeNull();
  });

  it('still sends to a mobile whose last SMS failed (delivery reports are often temporary)', () => {
    expect(unreachableReason(member(), 'sms', { lastSms: 'bounced' })).toBeNull();
  });

  it.each([null, '', '  '])('no_phone for %j', (phone) => {
    expect(unreachableReason(member({ phone }), 'sms')).toEqual({ reason: 'no_phone' });
  });

  it.each([
    ['a Swedish mobile', '+46701234567'],
    ['an Estonian mobile', '+372 5123 4567'],
    ['a Helsinki landline', '09 1234 5678'],
    ['a Tampere landline', '+358 3 123 4567'],
    ['a service number', '0600 12345'],
    ['text', 'ei puhelinta'],
  ])('not_finnish_mobile for %s', (_what, phone) => {
    expect(unreachableReason(member({ phone }), 'sms')).toEqual({ reason: 'not_finnish_mobile' });
  });
});

describe.each(['letter', 'pdf'] as const)('unreachableReason: %s', (media) => {
  it('reaches a complete Finnish address with Å, Ä and Ö in the name and street', () => {
    expect(unreachableReason(member(), media)).toBeNull();
    expect(unreachableReason(member({ firstname: 'Sören', lastname: 'Åström', address_city: 'Pietarsaari – Jakobstad' }), media)).toBeNull();
  });

  it.each([
    [null, null, null],
    ['', '', ''],
    [' ', ' ', null],
  ])('no_address for street %j, postal code %j, city %j', (address_street, address_zip, address_city) => {
    expect(unreachableReason(member({ address_street, address_zip, address_city }), media)).toEqual({ reason: 'no_address' });
  });

  it.each([
    ['no street', { address_street: null }],
    ['no postal code', { address_zip: null }],
    ['no city', { address_city: '  ' }],
    ['a four-digit postal code', { address_zip: '3310' }],
    ['a six-digit postal code', { address_zip: '331000' }],
    ['only a postal code', { address_street: null, address_city: null }],
    ['the Finnish prefix on the postal code', { address_zip: 'FI-33100' }],
    ['the city in the postal code field', { address_zip: '33100 Tampere' }],
  ])('incomplete_address with %s', (_what, over) => {
    expect(unreachableReason(member(over), media)).toEqual({ reason: 'incomplete_address' });
  });

  it.each([
    ['a Swedish postal code', { address_street: 'Drottninggatan 5', address_zip: '111 22', address_city: 'Stockholm' }],
    ['a prefixed Swedish postal code', { address_zip: 'S-111 22', address_city: 'Stockholm' }],
    ['a German postal code with its prefix', { address_zip: 'D-10115', address_city: 'Berlin' }],
    ['a British postcode', { address_street: '10 Downing Street', address_zip: 'SW1A 2AA', address_city: 'London' }],
    ['a foreign postal code without a street', { address_street: null, address_zip: 'EC1A 1BB', address_city: 'London' }],
  ])('not_finnish_address with %s', (_what, over) => {
    expect(unreachableReason(member(over), media)).toEqual({ reason: 'not_finnish_address' });
  });

  it('accepts a postal code written with spaces around it', () => {
    expect(unreachableReason(member({ address_zip: ' 00100 ' }), media)).toBeNull();
  });

  it('lists the characters the letter cannot print, each once, from the name and the address', () => {
    const m = member({ firstname: 'Łukasz', lastname: 'Wałęsa', address_street: 'Kuusitie 3 🌲' });
    expect(unreachableReason(m, media)).toEqual({ reason: 'unsupported_characters', chars: ['Ł', 'ł', 'ę', '🌲'] });
  });

  it('reports a missing address before unprintable characters', () => {
    expect(unreachableReason(member({ firstname: 'Łukasz', address_zip: null }), media)).toEqual({ reason: 'incomplete_address' });
  });

  it('does not care about email or phone', () => {
    expect(unreachableReason(member({ email: null, phone: null }), media, { lastEmail: 'bounced' })).toBeNull();
  });
});

describe('splitReachable', () => {
  it('splits the recipients per medium in input order, with the reasons', () => {
    const ok = member();
    const noEmail = member({ email: null });
    const bounced = { ...member({ email: 'vanha@example.fi' }), last_email: 'bounced' as const };
    const landline = member({ phone: '09 1234 5678' });
    const foreign = member({ phone: '+46701234567', address_zip: 'S-111 22', address_city: 'Stockholm' });
    const polish = member({ firstname: 'Łucja' });
    const all = [ok, noEmail, bounced, landline, foreign, polish];

    expect(splitReachable(all, 'email')).toEqual({
      reachable: [ok.id, landline.id, foreign.id, polish.id],
      unreachable: [
        { member_id: noEmail.id, reason: 'no_email' },
        { member_id: bounced.id, reason: 'email_bounced' },
      ],
    });
    expect(splitReachable(all, 'sms')).toEqual({
      reachable: [ok.id, noEmail.id, bounced.id, polish.id],
      unreachable: [
        { member_id: landline.id, reason: 'not_finnish_mobile' },
        { member_id: foreign.id, reason: 'not_finnish_mobile' },
      ],
    });
    expect(splitReachable(all, 'letter')).toEqual({
      reachable: [ok.id, noEmail.id, bounced.id, landline.id],
      unreachable: [
        { member_id: foreign.id, reason: 'not_finnish_address' },
        { member_id: polish.id, reason: 'unsupported_characters', chars: ['Ł'] },
      ],
    });
  });

  it('takes any iterable and answers an empty list with nothing', () => {
    expect(splitReachable(new Set<ReachMember>(), 'email')).toEqual({ reachable: [], unreachable: [] });
  });

  // Its speed is measured in bench/preview.ts (a preview of the whole register), not here.
  it('sorts every one of 100 000 members, once, for each medium', () => {
    const many = Array.from({ length: 100_000 }, (_, i) =>
      member({ id: i + 1, phone: i % 3 === 0 ? '+46701234567' : `+35840${String(1_000_000 + i).slice(-7)}`, address_zip: i % 7 === 0 ? null : '00100' }),
    );
    for (const media of MESSAGE_MEDIA) {
      const { reachable, unreachable } = splitReachable(many, media);
      expect(reachable.length + unreachable.length).toBe(many.length);
      expect(new Set([...reachable, ...unreachable]).size).toBe(many.length);
    }
  });
});

describe('reach properties', () => {
  const phone = fc.oneof(
    fc.constantFrom(null, '', '+358401234567', '050 123 4567', '09 1234 5678', '+46701234567', '+372 5123 4567', '0600 12345'),
    fc.tuple(fc.constantFrom('+358 4', '04', '050', '+46 70', '09', '+1 '), fc.stringMatching(/^[0-9 ]{0,10}$/)).map(([a, b]) => a + b),
    fc.string({ maxLength: 15 }),
  );
  const text = fc.oneof(fc.constantFrom(null, '', 'Hämeenkatu 1', 'Tampere', 'Åbo', 'Łódź', '😀'), fc.string({ maxLength: 12 }));
  const zip = fc.oneof(fc.constantFrom(null, '', '00100', '3310', 'S-111 22', 'SW1A 2AA'), fc.stringMatching(/^[0-9 -]{0,7}$/));
  const members = fc.array(
    fc.record({
      firstname: fc.string({ maxLength: 10 }),
      lastname: fc.string({ maxLength: 10 }),
      email: fc.constantFrom(null, '', 'a@example.fi'),
      phone,
      address_street: text,
      address_zip: zip,
      address_city: text,
      last_email: fc.constantFrom(null, 'sent', 'bounced', 'confirmed'),
      last_sms: fc.constantFrom(null, 'sent', 'bounced'),
    }),
    { maxLength: 30 },
  ).map((rows) => rows.map((r, i): ReachMember => ({ id: i + 1, ...r })));

  it('a member reachable by SMS always has a Finnish mobile', () => {
    fc.assert(
      fc.property(members, (ms) => {
        const byId = new Map(ms.map((m) => [m.id, m]));
        for (const id of splitReachable(ms, 'sms').reachable) expect(isFinnishMobile(byId.get(id)!.phone ?? '')).toBe(true);
      }),
    );
  });

  it('a member reachable by letter has a street, a five-digit postal code and a city', () => {
    fc.assert(
      fc.property(members, (ms) => {
        const byId = new Map(ms.map((m) => [m.id, m]));
        for (const id of splitReachable(ms, 'letter').reachable) {
          const m = byId.get(id)!;
          expect(m.address_zip?.trim()).toMatch(/^\d{5}$/);
          expect(m.address_street?.trim()).toBeTruthy();
          expect(m.address_city?.trim()).toBeTruthy();
        }
      }),
    );
  });

  it('splitReachable partitions the input exactly, keeping its order, for every medium', () => {
    fc.assert(
      fc.property(members, fc.constantFrom(...MESSAGE_MEDIA), (ms, media) => {
        const { reachable, unreachable } = splitReachable(ms, media);
        const unreachableIds = unreachable.map((u) => u.member_id);
        expect([...reachable, ...unreachableIds].sort((a, b) => a - b)).toEqual(ms.map((m) => m.id));
        expect(reachable).toEqual(ms.map((m) => m.id).filter((id) => !unreachableIds.includes(id)));
        for (const u of unreachable) {
          const m = ms.find((x) => x.id === u.member_id)!;
          expect(u).toEqual({ member_id: m.id, ...unreachableReason(m, media, { lastEmail: m.last_email, lastSms: m.last_sms }) });
          expect(u.chars === undefined).toBe(u.reason !== 'unsupported_characters');
        }
      }),
    );
  });
});
