import type { TFunction } from 'i18next';
import type { UpToDateness } from '../../../shared/members/upToDatenessStates';
import type { Medium, UpToDatenessTexts } from './upToDatenessModel';

// The Finnish words of up-to-dateness (catalogue keys `uptodate.*`), shared by the list and the member page.

export function stateText(t: TFunction, state: UpToDateness): string {
  switch (state) {
    case 'unused':
      return t('uptodate.unused');
    case 'sent':
      return t('uptodate.sent');
    case 'confirmed':
      return t('uptodate.confirmed');
    case 'bounced':
      return t('uptodate.bounced');
    case 'missing':
      return t('uptodate.missing');
    case 'unsupported':
      return t('uptodate.unsupported');
  }
}

export const mediumText = (t: TFunction, medium: Medium): string => (medium === 'email' ? t('member_list.col_uptodate_email') : t('member_list.col_uptodate_sms'));

export const upToDatenessTexts = (t: TFunction): UpToDatenessTexts => ({ medium: (m) => mediumText(t, m), state: (s) => stateText(t, s) });
