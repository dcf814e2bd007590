import { Alert, Anchor, Button, Group, List, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DECIMAL_INPUT_MAXLENGTH } from '../../../shared/constants';
import { type Field, FIELD_TYPES, type FieldType, type Visibility } from '../../../shared/fields/types';
import type { FieldSaveBody } from '../../../shared/schemas/fields';
import { isApiError } from '../../api/errors';
import { type FieldDetails, useDeleteField, useField, useSaveField } from '../../api/fields';
import { AdvancedIdentifier } from '../../components/AdvancedIdentifier';
import { ConfirmModal } from '../../components/ConfirmModal';
import { CountedDeleteModal } from '../../components/CountedDeleteModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { applyServerErrors, focusFirstInvalid, translateFieldErrors } from '../../components/formErrors';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { SubmitButton } from '../../components/SubmitButton';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { messageText } from '../../i18n/messages';
import { PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import {
  FIELD_FORM_FIELDS,
  type FieldFormValues,
  nameFromLabel,
  NUMBER_TYPES,
  TEXT_TYPES,
  toFormValues,
  toSaveBody,
  validateFieldForm,
  visibilityOptionsFor,
} from './fieldForm';
import { fieldTypeLabel, visibilityDescription, visibilityLabel } from './fieldLabels';
import { OptionsEditor } from './OptionsEditor';
import { ApplyFormSetting } from './ApplyFormSetting';

/** `/config/fields/add`. */
export function FieldAddPage() {
  return <FieldEditor field={null} />;
}

/** `/config/fields/{id}`: a field with how many members hold a value in it. */
export function FieldEditPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const fieldId = /^\d{1,15}$/.test(id ?? '') ? Number(id) : null;
  const field = useField(fieldId);

  if (fieldId === null || (isApiError(field.error) && field.error.status === 404)) {
    return <NotFoundContent title={t('fields.not_found')} backTo={PATHS.fields} backLabel={t('fields.back')} />;
  }
  if (field.isError) {
    return (
      <>
        <PageHeader title={t('fields.edit_page')} />
        <ErrorBanner error={field.error} onRetry={() => void field.refetch()} />
      </>
    );
  }
  if (!field.data) return <PageLoader />;
  return <FieldEditor key={field.data.id} field={field.data} />;
}

type OptionRemoval = NonNullable<FieldSaveBody['option_removal']>;
interface OptionInUse {
  count: number;
  options: string[];
  values: FieldFormValues;
}

function FieldEditor({ field }: { field: FieldDetails | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isNew = field === null;
  const save = useSaveField(field?.id ?? null);
  const [error, setError] = useState<unknown>(null);
  const [nameTouched, setNameTouched] = useState(false);
  const [optionInUse, setOptionInUse] = useState<OptionInUse | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const form = useForm<FieldFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(field),
    validate: (values) => translateFieldErrors(validateFieldForm(values, isNew)),
  });
  const values = form.getValues();
  const guard = useUnsavedChangesGuard(form.isDirty());
  const visibilityOptions = visibilityOptionsFor(values.type, field);

  const send = async (formValues: FieldFormValues, optionRemoval?: OptionRemoval) => {
    setError(null);
    const body: FieldSaveBody = { ...toSaveBody(formValues, field), ...(optionRemoval ? { option_removal: optionRemoval } : {}) };
    try {
      await save.mutateAsync(body);
    } catch (failure) {
      const inUse = isApiError(failure) && failure.errors.options?.includes('fields_option_in_use');
      if (inUse && !optionRemoval) {
        const params = failure.params ?? {};
        setOptionInUse({
          count: typeof params.count === 'number' ? params.count : 0,
          options: Array.isArray(params.options) ? params.options.map(String) : [],
          values: formValues,
        });
        return;
      }
      setError(failure);
      applyServerErrors(form, failure, FIELD_FORM_FIELDS);
      showConversionExamples(failure);
      return;
    }
    notifySuccess(isNew ? t('fields.created') : t('fields.saved'));
    guard.allowNextNavigation();
    void navigate(PATHS.fields);
  };

  /** A refused type change names a few of the values that would not convert. */
  const showConversionExamples = (failure: unknown) => {
    if (!isApiError(failure) || !failure.errors.type?.includes('fields_type_change_not_convertible')) return;
    const examples = Array.isArray(failure.params?.examples) ? failure.params.examples.map(String) : [];
    if (examples.length === 0) return;
    const text = messageText('fields_type_change_not_convertible', failure.params);
    form.setFieldError('type', `${text} ${t('fields.type_change_examples', { examples: examples.map((e) => `”${e}”`).join(', ') })}`);
  };

  const submit = useGuardedSubmit(async (formValues: FieldFormValues) => send(formValues));
  const resolveOptions = useGuardedSubmit(async (choice: OptionRemoval) => {
    if (!optionInUse) return;
    const pending = optionInUse.values;
    setOptionInUse(null);
    await send(pending, choice);
  });

  const onInvalid = (errors: FormErrors) => {
    setError(null);
    focusFirstInvalid(form, errors, FIELD_FORM_FIELDS);
  };

  const onLabelChange = (label: string) => {
    form.setFieldValue('label', label);
    if (isNew && !nameTouched) form.setFieldValue('name', nameFromLabel(label));
  };

  const onTypeChange = (type: FieldType) => {
    form.setFieldValue('type', type);
    const allowed = visibilityOptionsFor(type, field);
    if (!allowed.includes(form.getValues().visibility)) form.setFieldValue('visibility', allowed.includes(2) ? 2 : (allowed[0] ?? 2));
  };

  const title = isNew ? t('fields.add_page') : t('fields.edit_page_named', { label: field.label });

  return (
    <>
      <PageHeader title={title} />
      {guard.prompt}
      <Stack gap="md" maw={760}>
        <Anchor component={Link} to={PATHS.fields} size="sm">
          {t('fields.back')}
        </Anchor>
        {field?.fixed ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
            {t('fields.fixed_info')}
          </Alert>
        ) : null}
        {field && field.type !== 'heading' ? (
          <Text data-testid="value-count">{t('fields.value_count', { count: field.value_count_ })}</Text>
        ) : null}
        <ErrorBanner error={error} fields={FIELD_FORM_FIELDS} />
        <form onSubmit={form.onSubmit(submit.run, onInvalid)} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('fields.label')}
              description={t('fields.label_help')}
              required
              maxLength={255}
              {...form.getInputProps('label')}
              onChange={(e) => onLabelChange(e.currentTarget.value)}
            />
            <NativeSelect
              label={t('fields.type')}
              description={
                field?.fixed
                  ? t('fields.type_locked')
                  : field && field.value_count_ > 0
                    ? t('fields.type_change_help', { count: field.value_count_ })
                    : undefined
              }
              disabled={field?.fixed}
              data={FIELD_TYPES.map((type) => ({ value: type, label: fieldTypeLabel(t, type) }))}
              {...form.getInputProps('type')}
              onChange={(e) => onTypeChange(e.currentTarget.value as FieldType)}
            />
            <Radio.Group<string>
              label={t('fields.visibility')}
              description={t('fields.visibility_help')}
              {...form.getInputProps('visibility')}
              value={String(values.visibility)}
              onChange={(v) => form.setFieldValue('visibility', Number(v) as Visibility)}
            >
              <Stack gap="xs" mt="xs">
                {visibilityOptions.map((v) => (
                  <Radio
                    key={v}
                    value={String(v)}
                    label={visibilityLabel(t, v)}
                    description={visibilityDescription(t, v)}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <ApplyFormSetting form={form} />
            {values.type === 'dropdown' ? <OptionsEditor form={form} /> : null}
            {NUMBER_TYPES.includes(values.type) ? (
              <Group grow align="flex-start">
                <TextInput
                  label={t('fields.min')}
                  inputMode="decimal"
                  maxLength={DECIMAL_INPUT_MAXLENGTH}
                  {...form.getInputProps('min')}
                />
                <TextInput
                  label={t('fields.max')}
                  inputMode="decimal"
                  maxLength={DECIMAL_INPUT_MAXLENGTH}
                  {...form.getInputProps('max')}
                />
                {values.type === 'decimal' ? (
                  <NativeSelect
                    label={t('fields.decimals')}
                    data={['0', '1', '2', '3', '4', '5', '6']}
                    {...form.getInputProps('decimals')}
                  />
                ) : null}
              </Group>
            ) : null}
            {TEXT_TYPES.includes(values.type) ? (
              <TextInput
                label={t('fields.maxlength')}
                description={t('fields.maxlength_help')}
                inputMode="numeric"
                maxLength={5}
                w={220}
                {...form.getInputProps('maxlength')}
              />
            ) : null}
            {values.type !== 'heading' ? (
              <Textarea
                label={t('fields.help_text')}
                description={t('fields.help_text_help')}
                autosize
                minRows={2}
                maxLength={2000}
                {...form.getInputProps('help_text')}
              />
            ) : null}
            <AdvancedIdentifier
              title={t('fields.advanced')}
              label={t('fields.name')}
              description={isNew ? t('fields.name_help') : t('fields.name_locked')}
              required={isNew}
              readOnly={!isNew}
              inputProps={form.getInputProps('name')}
              onType={(value) => {
                setNameTouched(true);
                form.setFieldValue('name', value);
              }}
            />
            <Group justify="space-between" mt="sm">
              <Group gap="sm">
                <SubmitButton pending={submit.pending || resolveOptions.pending}>{t('common.save')}</SubmitButton>
                <Button component={Link} to={PATHS.fields} variant="default">
                  {t('common.cancel')}
                </Button>
              </Group>
              {field && !field.fixed ? (
                <Button
                  variant="outline"
                  color="red"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => setConfirmDelete(true)}
                >
                  {t('fields.delete')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        </form>
      </Stack>
      <OptionRemovalModal
        inUse={optionInUse}
        pending={resolveOptions.pending}
        onChoose={(choice) => void resolveOptions.run(choice)}
        onCancel={() => setOptionInUse(null)}
      />
      {field && !field.fixed ? (
        <DeleteFieldModal
          field={field}
          opened={confirmDelete}
          onClose={() => setConfirmDelete(false)}
          onDeleted={() => {
            guard.allowNextNavigation();
            void navigate(PATHS.fields);
          }}
        />
      ) : null}
    </>
  );
}

/** Removing dropdown options that members use asks whether to keep the old values in history or clear them. */
function OptionRemovalModal({
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
function DeleteFieldModal({ field, opened, onClose, onDeleted }: { field: Field & { value_count_: number }; opened: boolean; onClose: () => void; onDeleted: () => void }) {
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
