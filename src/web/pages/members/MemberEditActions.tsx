import { Button, Text } from '@mantine/core';
import { IconHistory, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCurrentSession } from '../../auth/SessionContext';
import { ConfirmModal } from '../../components/ConfirmModal';
import { canOpen } from '../../access';
import { memberHistoryPath, PATHS } from '../../paths';
import { useDeleteWithUndo } from './useDeleteWithUndo';
import { DataExportMenu } from './DataExportMenu';

/**
 * The edit page's header actions: the member's history, and delete (site admins).
 * Deleting asks first, then returns to the list with "Jäsen poistettu. Kumoa"; a
 * refusal (own account, last site admin) shows in the question's banner.
 */
export function MemberEditActions({ memberId, name }: { memberId: number; name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentSession();
  const remove = useDeleteWithUndo();
  const [asking, setAsking] = useState(false);
  const canDelete = user.site_admin && canOpen(user, PATHS.members);

  return (
    <>
      {canOpen(user, PATHS.memberHistory) ? (
        <Button component={Link} to={memberHistoryPath(memberId)} variant="default" leftSection={<IconHistory size={18} aria-hidden />}>
          {t('member_list.history')}
        </Button>
      ) : null}
      <DataExportMenu memberId={memberId} />
      {canDelete ? (
        <Button color="red" variant="light" leftSection={<IconTrash size={18} aria-hidden />} onClick={() => setAsking(true)}>
          {t('member_list.delete')}
        </Button>
      ) : null}
      <ConfirmModal
        opened={asking}
        title={t('member_list.delete_title', { name })}
        confirmLabel={t('member_list.delete')}
        onConfirm={() =>
          void remove.run(memberId).then((ok) => {
            if (!ok) return;
            setAsking(false);
            void navigate(PATHS.members);
          })
        }
        onCancel={() => setAsking(false)}
        danger
        pending={remove.pending}
        error={remove.error}
      >
        <Text>{t('member_list.delete_text')}</Text>
      </ConfirmModal>
    </>
  );
}
