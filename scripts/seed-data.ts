import type { NewMember } from '../src/server/db/schema';
import { searchTextOf } from '../src/server/modules/members/present';

// Deterministic, realistic-looking Finnish members for demos and benchmarks.

/** mulberry32: tiny seeded PRNG, so the same --seed gives the same register. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Aino', 'Eino', 'Helmi', 'Väinö', 'Sofia', 'Leo', 'Aada', 'Oliver', 'Emma', 'Elias', 'Olivia', 'Onni', 'Lilja', 'Eetu',
  'Venla', 'Toivo', 'Ella', 'Veeti', 'Isla', 'Lauri', 'Kerttu', 'Juho', 'Iida', 'Mikko', 'Sanna', 'Matti', 'Päivi', 'Jukka',
  'Tiina', 'Antti', 'Riikka', 'Jari', 'Hanna', 'Timo', 'Minna', 'Pekka', 'Satu', 'Kari', 'Anu', 'Heikki', 'Maija', 'Ville',
  'Johanna', 'Sami', 'Kaisa', 'Teemu', 'Eveliina', 'Jyrki', 'Ritva', 'Seppo', 'Marjatta', 'Tapio', 'Anneli', 'Ilkka', 'Tuula',
  'Åsa', 'Björn', 'Ebba', 'Mats', 'Linnea', 'Jöns',
];
const LAST = [
  'Korhonen', 'Virtanen', 'Mäkinen', 'Nieminen', 'Mäkelä', 'Hämäläinen', 'Laine', 'Heikkinen', 'Koskinen', 'Järvinen',
  'Lehtonen', 'Lehtinen', 'Saarinen', 'Salminen', 'Heinonen', 'Niemi', 'Heikkilä', 'Kinnunen', 'Salonen', 'Turunen',
  'Salo', 'Laitinen', 'Tuominen', 'Rantanen', 'Karjalainen', 'Jokinen', 'Mattila', 'Savolainen', 'Lahtinen', 'Ahonen',
  'Leinonen', 'Hiltunen', 'Kettunen', 'Miettinen', 'Väisänen', 'Pesonen', 'Räsänen', 'Lindholm', 'Lindqvist', 'Öhman',
  'Åberg', 'Björklund', 'Eskola', 'Pöyhönen', 'Kärkkäinen', 'Sjöberg',
];
const STREETS = [
  'Mannerheimintie', 'Hämeenkatu', 'Aleksanterinkatu', 'Koulukatu', 'Kirkkokatu', 'Rantatie', 'Puistokatu', 'Satamakatu',
  'Asemakatu', 'Kauppakatu', 'Myllytie', 'Koivukuja', 'Pihlajatie', 'Männikkötie', 'Kuusitie', 'Järvenrannantie',
  'Sibeliuksenkatu', 'Runebergintie', 'Tehtaankatu', 'Isokatu',
];
// Real postal codes with their post towns.
const PLACES: [string, string][] = [
  ['00100', 'Helsinki'], ['00530', 'Helsinki'], ['00840', 'Helsinki'], ['02100', 'Espoo'], ['02600', 'Espoo'],
  ['01300', 'Vantaa'], ['33100', 'Tampere'], ['33540', 'Tampere'], ['20100', 'Turku'], ['20740', 'Turku'],
  ['40100', 'Jyväskylä'], ['90100', 'Oulu'], ['70100', 'Kuopio'], ['15110', 'Lahti'], ['80100', 'Joensuu'],
  ['65100', 'Vaasa'], ['53100', 'Lappeenranta'], ['28100', 'Pori'], ['13100', 'Hämeenlinna'], ['96100', 'Rovaniemi'],
  ['22100', 'Maarianhamina'], ['06100', 'Porvoo'], ['04400', 'Järvenpää'], ['50100', 'Mikkeli'], ['60100', 'Seinäjoki'],
];
const MOBILE_PREFIXES = ['40', '41', '44', '45', '46', '50'];

const ascii = (s: string): string =>
  s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z]/g, '');

export type SeedMember = Omit<NewMember, 'tenant_id'>;

/** Member number `i` (0-based) of a register generated from `seed`; emails and phones are unique by construction. */
export function* seedMembers(count: number, seed: number, now: string): Generator<SeedMember> {
  const rnd = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  for (let i = 0; i < count; i++) {
    const firstname = pick(FIRST);
    const lastname = pick(LAST);
    const [zip, city] = pick(PLACES);
    const prefix = MOBILE_PREFIXES[i % MOBILE_PREFIXES.length]!;
    // 7 subscriber digits: i spread over the prefixes keeps every number distinct.
    const subscriber = String(1_000_000 + Math.floor(i / MOBILE_PREFIXES.length)).padStart(7, '0');
    const contact = {
      firstname,
      lastname,
      email: `${ascii(firstname)}.${ascii(lastname)}.${i + 1}@example.fi`,
      email_porg1: null,
      email_porg2: null,
      phone: `+358${prefix}${subscriber}`,
      address_street: `${pick(STREETS)} ${1 + Math.floor(rnd() * 120)}${rnd() < 0.4 ? ` ${pick(['A', 'B', 'C'])} ${1 + Math.floor(rnd() * 40)}` : ''}`,
      address_zip: zip,
      address_city: city,
    };
    yield {
      ...contact,
      search_text: searchTextOf(contact, []),
      password_hash: null,
      active: rnd() < 0.92 ? 1 : 0,
      site_admin: 0,
      board: 0,
      deleted_at: null,
      created_at: now,
      updated_at: now,
    };
  }
}

/** Custom fields a typical sports club or choir adds (for seeding and benchmarks). */
export const SEED_FIELDS = [
  { name: 'liittymisvuosi', label: 'Liittymisvuosi', type: 'integer' },
  { name: 'jasenlaji', label: 'Jäsenlaji', type: 'dropdown', options: [{ value: 'aikuinen', label: 'Aikuinen' }, { value: 'nuori', label: 'Nuori' }, { value: 'kunnia', label: 'Kunniajäsen' }, { value: 'kannatus', label: 'Kannatusjäsen' }] },
  { name: 'syntymapaiva', label: 'Syntymäpäivä', type: 'date' },
  { name: 'harrastus', label: 'Harrastus', type: 'text' },
  { name: 'maksettu', label: 'Jäsenmaksu maksettu', type: 'checkbox' },
  { name: 'jasenmaksu', label: 'Jäsenmaksu (€)', type: 'decimal' },
  { name: 'kotiseura', label: 'Kotiseura', type: 'text' },
  { name: 'kengankoko', label: 'Kengänkoko', type: 'integer' },
  { name: 'toinen_sahkoposti', label: 'Toinen sähköposti', type: 'email' },
  { name: 'lisatiedot', label: 'Lisätiedot', type: 'textarea' },
] as const;

const HOBBIES = ['Kuorolaulu', 'Hiihto', 'Suunnistus', 'Salibandy', 'Lentopallo', 'Sähly', 'Tanssi', 'Uinti', 'Jalkapallo', 'Teatteri'];
const CLUBS = ['HIFK', 'Ilves', 'Tappara', 'KalPa', 'Kärpät', 'Lukko', 'JYP', 'Pelicans', 'Sport', 'Ässät'];

/** Deterministic values for the SEED_FIELDS of member `i`: about 70 % of members have each value. */
export function seedValues(i: number, seed: number): Record<string, { text: string | null; num: number | null } | null> {
  const rnd = prng(seed * 1_000_003 + i);
  const maybe = <T>(v: T): T | null => (rnd() < 0.7 ? v : null);
  const year = 1940 + Math.floor(rnd() * 66);
  const month = 1 + Math.floor(rnd() * 12);
  const day = 1 + Math.floor(rnd() * 28);
  return {
    liittymisvuosi: maybe({ text: null, num: 1970 + Math.floor(rnd() * 57) }),
    jasenlaji: maybe({ text: ['aikuinen', 'nuori', 'kunnia', 'kannatus'][Math.floor(rnd() * 4)]!, num: null }),
    syntymapaiva: maybe({ text: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, num: null }),
    harrastus: maybe({ text: HOBBIES[Math.floor(rnd() * HOBBIES.length)]!, num: null }),
    maksettu: rnd() < 0.6 ? { text: null, num: 1 } : null,
    jasenmaksu: maybe({ text: null, num: [25, 35, 10, 50.5][Math.floor(rnd() * 4)]! }),
    kotiseura: maybe({ text: CLUBS[Math.floor(rnd() * CLUBS.length)]!, num: null }),
    kengankoko: maybe({ text: null, num: 35 + Math.floor(rnd() * 12) }),
    toinen_sahkoposti: rnd() < 0.2 ? { text: `varasto${i}@example.net`, num: null } : null,
    lisatiedot: rnd() < 0.1 ? { text: 'Allergia: pähkinä', num: null } : null,
  };
}

/** Which of `groupCount` seeded groups member `i` belongs to (0–3 of them). */
export function seedGroupIndexes(i: number, seed: number, groupCount: number): number[] {
  const rnd = prng(seed * 7_000_003 + i);
  const n = Math.floor(rnd() * 4);
  const out = new Set<number>();
  for (let k = 0; k < n; k++) out.add(Math.floor(rnd() * groupCount));
  return [...out];
}
