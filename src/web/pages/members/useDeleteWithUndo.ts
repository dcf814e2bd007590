import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteMember } from '../../api/membersList';
import { useUndoNotification } from '../../components/undo';

/**
 * Deletes a member softly and says "Jäsen poistettu." with "Kumoa".
 * A refusal (own account, the last site admin) is kept for the page's banner.
 */
export function useDeleteWithUndo() {
  const { t } = useTranslation();
  const remove = useDeleteMember();
  const showUndo = useUndoNotification();
  const [error, setError] = useState<unknown>(null);

  const run = async (id: number): Promise<boolean> => {
    setError(null);
    try {
      const { batch_id } = await remove.mutateAsync(id);
      showUndo(t('member_list.deleted'), batch_id);
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    }
  };
  return { run, error, pending: remove.isPending };
}
