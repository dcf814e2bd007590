import { Button, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SAVED_FILTER_NAME_MAX } from '../../../shared/constants';
import type { SavedFilter } from '../../../shared/schemas/savedFilters';
import { ConfirmModal } from '../../components/ConfirmModal';
import { SingleFieldForm } from '../../components/SingleFieldForm';

// The saved filters' dialogs: naming a filter (save or rename) and confirming a delete.
// Loaded by SavedFilterTools when one is first opened, so the list's first load is lighter.

/** Which name form is open: a new filter, or renaming `target`. */
export type Naming = { kind: 'create' } | { kind: 'rename'; target: SavedFilter };

interface SavedFilterDialogsProps {
  naming: Naming | null;
  /** Saves the name; resolves to the failure to show in the form, or null. */
  onNameSubmit: (name: string) => Promise<unknown>;
  onNameClose: () => void;
  deleting: SavedFilter | null;
  onDeleteConfirm: () => void;
  onDeleteCancel: () => void;
  deletePending: boolean;
  deleteError: unknown;
}

/** Mantine's modal focuses the element marked so, instead of its close button. */
const AUTOFOCUS = { 'data-autofocus': true };

const validateName = (values: Record<string, string>) => {
  const name = (values.name ?? '').trim();
  if (name === '') return { name: '_validation_field_required' };
  if (name.length > SAVED_FILTER_NAME_MAX) return { name: '_validation_too_long' };
  return {};
};

export function SavedFilterDialogs({ naming, onNameSubmit, onNameClose, deleting, onDeleteConfirm, onDeleteCancel, deletePending, deleteError }: SavedFilterDialogsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Modal
        opened={naming !== null}
        onClose={onNameClose}
        title={naming?.kind === 'rename' ? t('saved_filters.rename_title', { name: naming.target.name }) : t('saved_filters.save')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        {naming ? (
          <SingleFieldForm
            key={naming.kind === 'rename' ? naming.target.id : 'new'}
            field="name"
            validate={validateName}
            onSubmit={onNameSubmit}
            submitLabel={naming.kind === 'rename' ? t('saved_filters.rename') : t('saved_filters.save')}
            input={{
              label: t('saved_filters.name'),
              description: t('saved_filters.name_help'),
              required: true,
              maxLength: SAVED_FILTER_NAME_MAX,
              ...AUTOFOCUS,
            }}
            initialValue={naming.kind === 'rename' ? naming.target.name : ''}
            secondary={
              <Button variant="default" onClick={onNameClose}>
                {t('common.cancel')}
              </Button>
            }
          />
        ) : null}
      </Modal>

      <ConfirmModal
        opened={deleting !== null}
        title={t('saved_filters.delete_title', { name: deleting?.name ?? '' })}
        confirmLabel={t('saved_filters.delete')}
        onConfirm={onDeleteConfirm}
        onCancel={onDeleteCancel}
        danger
        pending={deletePending}
        error={deleteError}
      >
        {t('saved_filters.delete_text')}
      </ConfirmModal>
    </>
  );
}
