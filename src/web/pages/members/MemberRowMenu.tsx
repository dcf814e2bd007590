import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEdit, IconHistory, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
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

/**
 * "Toiminnot: <name>": edit, history and delete for one row of the list. Until it is first
 * opened it is only its button: a Mantine menu per row sets up a popover, its floating position
 * and a transition (which asks matchMedia for reduced motion), 20 times on every page of the
 * list's first render, for menus that are rarely opened.
 */
export function MemberRowMenu({ row, onDelete }: MemberRowMenuProps) {
  const { t } = useTranslation();
  const [armed, setArmed] = useState(false);
  const name = row.fullname_ || t('member_list.no_name');
  const label = t('member_list.row_actions', { name });
  if (!armed) {
    return (
      <ActionIcon variant="subtle" color="gray" aria-label={label} aria-haspopup="menu" aria-expanded={false} onClick={() => setArmed(true)}>
        <IconDots size={18} aria-hidden />
      </ActionIcon>
    );
  }
  return <RowMenu row={row} onDelete={onDelete} label={label} />;
}

/** The menu itself, opened once mounted: the button that stood in for it has just been pressed. */
function RowMenu({ row, onDelete, label }: MemberRowMenuProps & { label: string }) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  // The pressed button was replaced by this one: focus goes back to it, then the menu opens,
  // so that it notes the button as where to return focus when it closes (it does so only on
  // opening after it has mounted, not for a menu mounted open).
  useEffect(() => {
    target.current?.focus();
    setOpened(true);
  }, []);
  return (
    <Menu position="bottom-end" shadow="md" withInitialFocusPlaceholder={false} opened={opened} onChange={setOpened}>
      <Menu.Target>
        <ActionIcon ref={target} variant="subtle" color="gray" aria-label={label}>
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
