import { Alert, Anchor, Button, Group, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FIELD_TYPES, type FieldType, type Visibility } from '../../../shared/fields/types';
import { isApiError } from '../../api/errors';
import { type FieldDetails, useField } from '../../api/fields';
import { AdvancedIdentifier } from '../../components/AdvancedIdentifier';
import { ErrorBanner } from '../../components/ErrorBanner';
import { focusFirstInvalid, translateFieldErrors } from '../../components/formErrors';
import { notifySuccess } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { SubmitButton } from '../../components/SubmitButton';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard';
import { PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { FIELD_FORM_FIELDS, type FieldFormValues, nameFromLabel, toFormValues, validateFieldForm, visibilityOptionsFor } from './fieldForm';
import { fieldTypeLabel, visibilityDescription, visibilityLabel } from './fieldLabels';
import { FieldLimits } from './FieldLimits';
import { DeleteFieldModal, OptionRemovalModal } from './FieldModals';
import { OptionsEditor } from './OptionsEditor';
import { ApplyFormSetting } from './ApplyFormSetting';
import { useFieldSave } from './useFieldSave';

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

function FieldEditor({ field }: { field: FieldDetails | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isNew = field === null;
  const [nameTouched, setNameTouched] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const form = useForm<FieldFormValues>({
    mode: 'controlled',
    initialValues: toFormValues(field),
    validate: (values) => translateFieldErrors(validateFieldForm(values, isNew)),
  });
  const values = form.getValues();
  const guard = useUnsavedChangesGuard(form.isDirty());
  const visibilityOptions = visibilityOptionsFor(values.type, field);

  const { error, setError, optionInUse, cancelOptionRemoval, submit, resolveOptions } = useFieldSave(form, field, () => {
    notifySuccess(isNew ? t('fields.created') : t('fields.saved'));
    guard.allowNextNavigation();
    void navigate(PATHS.fields);
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
            <FieldLimits form={form} />
            {values.type !== 'heading' ? (
              <Textarea
                label={t('fields.help_text')}
                // A consent's help text says what it is consent to.
                description={values.type === 'consent' ? t('fields.consent_help') : t('fields.help_text_help')}
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
        onCancel={cancelOptionRemoval}
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
