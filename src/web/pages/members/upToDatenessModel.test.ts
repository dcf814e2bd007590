import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import fi from '../../../shared/i18n/fi';
import { verbsFor } from './filterModel';
import { describeFilter } from './filterLabels';
import { formatCell } from './memberColumns';
import { upToDatenessColumns, upToDatenessFilterFields } from './upToDatenessModel';
import { upToDatenessTexts } from './upToDatenessTexts';

// Email and SMS up-to-dateness as filter fields and list columns, in Finnish words.

const t = ((key: string, vars: Record<string, string> = {}) =>
  ((fi as Record<string, string>)[key] ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_, v: string) => vars[v] ?? '')) as unknown as TFunction;
const texts = upToDatenessTexts(t);

describe('up-to-dateness in the member list', () => {
  it('offers a filter field per medium with its states, equal or not equal only', () => {
    const fields = upToDatenessFilterFields(texts);
    expect(fields.map((f) => `${f.name}:${f.label}:${f.kind}`)).toEqual(['uptodate_email:Sähköpostin tila:state', 'uptodate_sms:Tekstiviestien tila:state']);
    expect(fields[0]!.options.map((o) => o.label)).toEqual(['Ei vielä käytetty', 'Lähetetty', 'Vahvistettu', 'Palautunut', 'Puuttuu']);
    expect(fields[1]!.options.map((o) => o.value)).toEqual(['unused', 'sent', 'confirmed', 'bounced', 'missing', 'unsupported']);
    expect(verbsFor('state')).toEqual(['eq', 'neq']);
  });

  it('reads a condition on a state as words', () => {
    const fields = upToDatenessFilterFields(texts);
    expect(describeFilter(t, [{ field: 'uptodate_email', verb: 'eq', value: 'bounced' }], fields)).toEqual(['Sähköpostin tila on ”Palautunut”']);
  });

  it('shows the states of the columns in Finnish', () => {
    const [email, sms] = upToDatenessColumns(texts);
    const yesNo = { yes: 'Kyllä', no: 'Ei' };
    expect(formatCell(email!, 'bounced', yesNo)).toBe('Palautunut');
    expect(formatCell(sms!, 'unsupported', yesNo)).toBe('Ei tuettu (ulkomainen numero)');
  });
});
