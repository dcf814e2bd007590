import { List, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { type ImportId, type MarkUndoneReply, useUndoImport } from '../../api/importer';
import { ConfirmModal } from '../../components/ConfirmModal';
import { messageText } from '../../i18n/messages';

// "Kumoa tuonti": asks first, naming how many
// members the import touched. When members were changed after the import the server
// refuses (409 members_undo_conflict) and names them; the user may then undo the rest
// and keep those members as they are now.

export interface UndoTarget {
  id: ImportId;
  filename: string;
  /** Members the import created or updated. */
  personCount: number;
}

interface Conflict {
  count: number;
  names: string[];
}

function conflictOf(error: unknown): Conflict | null {
  if (!isApiError(error) || error.status !== 409 || !(error.errors.general ?? []).includes('members_undo_conflict')) return null;
  const params = error.params ?? {};
  const names = Array.isArray(params.members) ? params.members.filter((m): m is string => typeof m === 'string') : [];
  return { count: typeof params.count === 'number' ? params.count : names.length, names };
}

interface UndoImportModalProps {
  /** The import to undo; the modal is open while it is set. */
  target: UndoTarget | null;
  onClose: () => void;
  onUndone: (reply: MarkUndoneReply, target: UndoTarget) => void;
}

export function UndoImportModal({ target, onClose, onUndone }: UndoImportModalProps) {
  const { t } = useTranslation();
  const undo = useUndoImport();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const close = () => {
    if (undo.isPending) return;
    setConflict(null);
    undo.reset();
    onClose();
  };

  const run = (keepChanged: boolean) => {
    if (!target) return;
    undo.mutate(
      { id: target.id, keepChanged },
      {
        onSuccess: (reply) => {
          setConflict(null);
          onUndone(reply, target);
        },
        onError: (error) => {
          const found = keepChanged ? null : conflictOf(error);
          if (found) {
            setConflict(found);
            undo.reset();
          }
        },
      },
    );
  };

  return (
    <ConfirmModal
      opened={target !== null}
      title={conflict ? t('import.undo_conflict_title') : t('import.undo_title', { filename: target?.filename ?? '' })}
      confirmLabel={conflict ? t('import.undo_keep_changed') : t('import.undo_confirm')}
      onConfirm={() => run(conflict !== null)}
      onCancel={close}
      danger
      pending={undo.isPending}
      error={undo.error}
    >
      {conflict ? (
        <Stack gap="xs" data-testid="import-undo-conflict">
          <Text>{messageText('members_undo_conflict', { count: conflict.count })}</Text>
          {conflict.names.length > 0 ? (
            <List size="sm">
              {conflict.names.map((name, index) => (
                <List.Item key={`${name}-${String(index)}`}>{name}</List.Item>
              ))}
            </List>
          ) : null}
          {conflict.count > conflict.names.length ? <Text size="sm">{t('undo.conflict_more', { count: conflict.count - conflict.names.length })}</Text> : null}
        </Stack>
      ) : (
        <Text>{t('import.undo_text', { count: target?.personCount ?? 0 })}</Text>
      )}
    </ConfirmModal>
  );
}

/** The notification text after an undo: how many members were kept as they are, if any. */
export function undoneText(t: TFunction, reply: MarkUndoneReply): string {
  return reply.kept > 0 ? t('import.undone_kept', { count: reply.kept }) : t('import.undone');
}
