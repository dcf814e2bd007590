import { Button, Group, Modal, NativeSelect } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SAVED_FILTER_NAME_MAX } from '../../../shared/constants';
import type { Filter } from '../../../shared/filter/types';
import type { SavedFilter } from '../../../shared/schemas/savedFilters';
import { useCreateSavedFilter, useDeleteSavedFilter, useRenameSavedFilter, useSavedFilters } from '../../api/savedFilters';
import { ConfirmModal } from '../../components/ConfirmModal';
import { notifySuccess } from '../../components/notify';
import { SingleFieldForm } from '../../components/SingleFieldForm';
import { matchingSaved } from './savedFilterModel';

interface SavedFilterToolsProps {
  /** The filter in force. */
  filter: Filter;
  /** Puts a saved filter in force (the list's filter, or the page's address). */
  onPick: (filter: Filter) => void;
  /** Admins save, rename and delete; the board only picks. */
  canEdit: boolean;
}

/** Mantine's modal focuses the element marked so, instead of its close button. */
const AUTOFOCUS = { 'data-autofocus': true };

const validateName = (values: Record<string, string>) => {
  const name = (values.name ?? '').trim();
  if (name === '') return { name: '_validation_field_required' };
  if (name.length > SAVED_FILTER_NAME_MAX) return { name: '_validation_too_long' };
  return {};
};

/**
 * Saved filters: a picker of the association's named filters, and for
 * admins "Tallenna suodatin" plus renaming or deleting the one in force.
 */
export function SavedFilterTools({ filter, onPick, canEdit }: SavedFilterToolsProps) {
  const { t } = useTranslation();
  const saved = useSavedFilters();
  const create = useCreateSavedFilter();
  const rename = useRenameSavedFilter();
  const remove = useDeleteSavedFilter();
  const [naming, setNaming] = useState<{ kind: 'create' } | { kind: 'rename'; target: SavedFilter } | null>(null);
  const [deleting, setDeleting] = useState<SavedFilter | null>(null);
  const list = saved.data ?? [];
  const current = matchingSaved(list, filter);

  const submitName = async (name: string): Promise<unknown> => {
    try {
      if (naming?.kind === 'rename') {
        const done = await rename.mutateAsync({ id: naming.target.id, name });
        notifySuccess(t('saved_filters.renamed', { name: done.name }));
      } else {
        const done = await create.mutateAsync({ name, filter });
        notifySuccess(t('saved_filters.saved', { name: done.name }));
      }
      setNaming(null);
      return null;
    } catch (failure) {
      return failure;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notifySuccess(t('saved_filters.deleted', { name: deleting.name }));
      setDeleting(null);
    } catch {
      // The modal shows remove.error.
    }
  };

  return (
    <Group gap="xs" align="flex-end" wrap="wrap" mb="sm" data-testid="saved-filters">
      <NativeSelect
        label={t('saved_filters.picker')}
        value={current ? String(current.id) : ''}
        onChange={(e) => {
          const picked = list.find((s) => String(s.id) === e.currentTarget.value);
          if (picked) onPick(picked.filter);
        }}
        data={[
          { value: '', label: list.length === 0 ? t('saved_filters.none') : t('saved_filters.choose'), disabled: true },
          ...list.map((s) => ({ value: String(s.id), label: s.name })),
        ]}
        disabled={list.length === 0}
        miw={220}
      />
      {canEdit ? (
        <>
          <Button
            variant="light"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => {
              create.reset();
              setNaming({ kind: 'create' });
            }}
            disabled={filter.length === 0 || current !== undefined}
          >
            {t('saved_filters.save')}
          </Button>
          {current ? (
            <>
              <Button variant="subtle" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setNaming({ kind: 'rename', target: current })}>
                {t('saved_filters.rename')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => {
                  remove.reset();
                  setDeleting(current);
                }}
              >
                {t('saved_filters.delete')}
              </Button>
            </>
          ) : null}
        </>
      ) : null}

      <Modal
        opened={naming !== null}
        onClose={() => setNaming(null)}
        title={naming?.kind === 'rename' ? t('saved_filters.rename_title', { name: naming.target.name }) : t('saved_filters.save')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        {naming ? (
          <SingleFieldForm
            key={naming.kind === 'rename' ? naming.target.id : 'new'}
            field="name"
            validate={validateName}
            onSubmit={submitName}
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
              <Button variant="default" onClick={() => setNaming(null)}>
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
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        danger
        pending={remove.isPending}
        error={remove.error}
      >
        {t('saved_filters.delete_text')}
      </ConfirmModal>
    </Group>
  );
}
