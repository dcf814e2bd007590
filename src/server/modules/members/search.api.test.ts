import { describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeMember } from '../../test/factories/member';
import { foldForSearch } from '../../../shared/search';

// Quick search puts surnames that begin with the term first (one range of the name index),
// then every other member whose text holds it; both A–Ö, on both databases.

describe(`quick search order (${testDialect})`, () => {
  const { t, tenant, admin } = adminContext();
  const add = (firstname: string, lastname: string) => makeMember(t.deps, tenant, { firstname, lastname, search_text: foldForSearch(`${firstname} ${lastname}`) });
  const find = async (term: string) => {
    const r = await admin.post('/api/1/members/quicksearch', { term });
    expect(r.status).toBe(200);
    return { names: (r.body.results as { lastname: string; firstname: string }[]).map((m) => `${m.lastname} ${m.firstname}`), more: r.body.more as boolean };
  };

  it('answers a common surname start with those surnames, A–Ö, even when others hold the letters', async () => {
    for (let i = 0; i < 12; i++) await add(`Etu${String.fromCharCode(65 + i)}`, 'Virtanen');
    await add('Aino', 'Vírsu');
    await add('Aapo', 'Ahvirta');
    await add('Eero', 'Kivirinta');
    const r = await find('vir');
    expect(r.names).toEqual(['Vírsu Aino', ...Array.from({ length: 9 }, (_, i) => `Virtanen Etu${String.fromCharCode(65 + i)}`)]);
    expect(r.more).toBe(true);
  });

  it('follows the surnames that begin with the term with the other matches', async () => {
    await add('Unto', 'Aahvonen');
    expect((await find('ahv')).names).toEqual(['Ahvirta Aapo', 'Aahvonen Unto']);
    // Letters inside names only: every match A–Ö.
    expect((await find('irt')).names.slice(0, 2)).toEqual(['Ahvirta Aapo', 'Virtanen EtuA']);
  });
});
