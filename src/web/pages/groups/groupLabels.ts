import type { TFunction } from 'i18next';
import type { AllowedSenders } from '../../../shared/schemas/groups';

/** Who may send mail to a group's address: admins and board only, or the group's members. */
export function allowedSendersLabel(t: TFunction, value: AllowedSenders): string {
  return value === 'admins_and_board' ? t('groups.senders_admins_and_board') : t('groups.senders_group_members');
}
