import { Button, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Field } from '../../../shared/fields/types';
import type { FieldSaveBody } from '../../../shared/schemas/fields';
import { useDeleteField } from '../../api/fields';
import { ConfirmModal } from '../../components/ConfirmModal';
import { CountedDeleteModal } from '../../components/CountedDeleteModal';
import { messageText } from '../../i18n/messages';
import type { FieldFormValues } from './fieldForm';

// The two questions of the field editor: what to do with values of removed dropdown options,
// and whether to delete the field.

export type OptionRemoval = NonNullable<FieldSaveBody['option_removal']>;
export interface OptionInUse {
  count: number;
  options: string[];
  values: FieldFormValues;
}

/** Removing dropdown options that members use asks whether to keep the old values in history or clear them. */
export function OptionRemovalModal({
  inUse,
  pending,
  onChoose,
  onCancel,
}: {
  inUse: OptionInUse | null;
  pending: boolean;
  onChoose: (choice: OptionRemoval) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={inUse !== null}
      title={t('fields.option_in_use_title')}
      confirmLabel={t('fields.option_keep_in_history')}
      onConfirm={() => onChoose('keep_in_history')}
      onCancel={onCancel}
      pending={pending}
      extraAction={
        <Button color="red" variant="outline" onClick={() => onChoose('clear')} disabled={pending}>
          {t('fields.option_clear')}
        </Button>
      }
    >
      <Text>{messageText('fields_option_in_use', { count: inUse?.count ?? 0 })}</Text>
      {inUse && inUse.options.length > 0 ? (
        <List size="sm">
          {inUse.options.map((label) => (
            <List.Item key={label}>{label}</List.Item>
          ))}
        </List>
      ) : null}
      <Text size="sm">{t('fields.option_keep_in_history_help')}</Text>
      <Text size="sm">{t('fields.option_clear_help')}</Text>
    </ConfirmModal>
  );
}

/** Deleting asks first, naming how many members have a value (the field's value count). */
export function DeleteFieldModal({ field, opened, onClose, onDeleted }: { field: Field & { value_count_: number }; opened: boolean; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteField();
  return (
    <CountedDeleteModal
      opened={opened}
      title={t('fields.delete_title', { label: field.label })}
      confirmLabel={t('fields.delete_confirm')}
      knownCount={field.value_count_}
      confirmKey="fields_delete_confirm"
      remove={(confirmed) => remove.mutateAsync({ id: field.id, confirmed })}
      text={(count) => (count > 0 ? t('fields.delete_with_values', { count }) : t('fields.delete_no_values'))}
      deletedMessage={t('fields.deleted', { label: field.label })}
      onClose={onClose}
      onDeleted={onDeleted}
      testId="delete-field-text"
    />
  );
}
