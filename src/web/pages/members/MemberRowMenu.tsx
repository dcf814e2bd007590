import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEdit, IconHistory, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberRow } from '../../../shared/schemas/members';
import { useCurrentSession } from '../../auth/SessionContext';
import { canOpen } from '../../access';
import { memberEditPath, memberHistoryPath, PATHS } from '../../paths';

interface MemberRowMenuProps {
  row: MemberRow;
  /** Deletes the member (site admins only); undo is offered by the caller. */
  onDelete: ((row: MemberRow) => void) | null;
}

/** "Toiminnot: <name>": edit, history and delete for one row of the list. */
export function MemberRowMenu({ row, onDelete }: MemberRowMenuProps) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const name = row.fullname_ || t('member_list.no_name');
  return (
    <Menu position="bottom-end" shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('member_list.row_actions', { name })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canOpen(user, PATHS.memberEdit) ? (
          <Menu.Item component={Link} to={memberEditPath(row.id)} leftSection={<IconEdit size={16} aria-hidden />}>
            {t('member_list.edit')}
          </Menu.Item>
        ) : null}
        {canOpen(user, PATHS.memberHistory) ? (
          <Menu.Item component={Link} to={memberHistoryPath(row.id)} leftSection={<IconHistory size={16} aria-hidden />}>
            {t('member_list.history')}
          </Menu.Item>
        ) : null}
        {onDelete ? (
          <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onDelete(row)}>
            {t('member_list.delete')}
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
