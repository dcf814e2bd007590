import { EMAIL_UP_TO_DATENESS, UP_TO_DATENESS, UPTODATE_FIELDS, type UpToDateness } from '../../../shared/members/upToDatenessStates';
import type { ColumnDef } from './memberColumns';
import type { FilterField } from './filterModel';

// Email and SMS up-to-dateness in the member list: a filter field and a column per medium,
// named as the server's filter fields and row columns (uptodate_email, uptodate_sms), with
// the states as a choice list so the list shows and filters them in Finnish words.

export type Medium = keyof typeof UPTODATE_FIELDS;

export interface UpToDatenessTexts {
  /** "Sähköpostin tila" / "Tekstiviestien tila". */
  medium: (medium: Medium) => string;
  /** A state in words ("Palautunut"). */
  state: (state: UpToDateness) => string;
}

const MEDIA: readonly { medium: Medium; states: readonly UpToDateness[] }[] = [
  { medium: 'email', states: EMAIL_UP_TO_DATENESS },
  { medium: 'sms', states: UP_TO_DATENESS },
];

const optionsOf = (states: readonly UpToDateness[], texts: UpToDatenessTexts) => states.map((s) => ({ value: s, label: texts.state(s) }));

/** Filter fields: equal / not equal to one state (an empty state is "Puuttuu", so no empty verbs). */
export function upToDatenessFilterFields(texts: UpToDatenessTexts): FilterField[] {
  return MEDIA.map(({ medium, states }) => ({ name: UPTODATE_FIELDS[medium], label: texts.medium(medium), kind: 'state', options: optionsOf(states, texts), section: 'fixed' }));
}

/** List columns beside the contact data; shown as the state's words, sortable. */
export function upToDatenessColumns(texts: UpToDatenessTexts): ColumnDef[] {
  return MEDIA.map(({ medium, states }) => ({ name: UPTODATE_FIELDS[medium], label: texts.medium(medium), section: 'fixed', type: 'dropdown', options: optionsOf(states, texts) }));
}
