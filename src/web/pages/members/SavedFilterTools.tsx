import { Button, Group, NativeSelect } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Filter } from '../../../shared/filter/types';
import type { SavedFilter } from '../../../shared/schemas/savedFilters';
import { useCreateSavedFilter, useDeleteSavedFilter, useRenameSavedFilter, useSavedFilters } from '../../api/savedFilters';
import { notifySuccess } from '../../components/notify';
import type { Naming } from './SavedFilterDialogs';
import { matchingSaved } from './savedFilterModel';
import { lazyChunk } from '../../components/lazyChunk';
import { ChunkSuspense } from '../../components/ChunkSuspense';

interface SavedFilterToolsProps {
  /** The filter in force. */
  filter: Filter;
  /** Puts a saved filter in force (the list's filter, or the page's address). */
  onPick: (filter: Filter) => void;
  /** Admins save, rename and delete; the board only picks. */
  canEdit: boolean;
}

// The dialogs (a form library and two modals) are not needed to show the list.
const SavedFilterDialogs = lazyChunk(() => import('./SavedFilterDialogs'), 'SavedFilterDialogs');

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
  const [naming, setNaming] = useState<Naming | null>(null);
  const [deleting, setDeleting] = useState<SavedFilter | null>(null);
  // Set once a dialog is first opened (state derived during render, as React allows).
  const [dialogsUsed, setDialogsUsed] = useState(false);
  if (!dialogsUsed && (naming !== null || deleting !== null)) setDialogsUsed(true);
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

      {/* The name form and the delete confirmation load when first wanted, then stay (focus returns on close). */}
      {dialogsUsed ? (
        <ChunkSuspense chunks={SavedFilterDialogs} fallback={null}>
          <SavedFilterDialogs
            naming={naming}
            onNameSubmit={submitName}
            onNameClose={() => setNaming(null)}
            deleting={deleting}
            onDeleteConfirm={() => void confirmDelete()}
            onDeleteCancel={() => setDeleting(null)}
            deletePending={remove.isPending}
            deleteError={remove.error}
          />
        </ChunkSuspense>
      ) : null}
    </Group>
  );
}
