import type { TFunction } from 'i18next';
import type { AllowedSenders } from '../../../shared/schemas/groups';
import { PATHS } from '../../routes';

export const groupPath = (id: number): string => PATHS.group.replace(':id', String(id));

/** Who may send mail to a group's address (spec §3 "Group": admins and board only, or the group's members). */
export function allowedSendersLabel(t: TFunction, value: AllowedSenders): string {
  return value === 'admins_and_board' ? t('groups.senders_admins_and_board') : t('groups.senders_group_members');
}
