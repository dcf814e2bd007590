import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldFormValues, newOptionRow } from './fieldForm';

/**
 * The dropdown's choices: one row per option (value and shown text), rows can be
 * added, removed and moved. A saved option's value is what members hold, so it is
 * read-only; removing one that members use asks what to do on save.
 */
export function OptionsEditor({ form }: { form: UseFormReturnType<FieldFormValues> }) {
  const { t } = useTranslation();
  const errorId = useId();
  const rows = form.getValues().options;
  const error = form.errors.options;

  const add = () => {
    const row = newOptionRow();
    form.insertListItem('options', row);
    // Focus the new row's text once it is rendered.
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-option-label="${row.key}"]`)?.focus());
  };

  const setLabel = (index: number, label: string) => {
    const row = rows[index];
    if (!row) return;
    form.setFieldValue(`options.${index}.label`, label);
    if (!row.existing && !row.valueTouched) form.setFieldValue(`options.${index}.value`, label.trim().slice(0, 100));
    form.clearFieldError('options');
  };

  const setValue = (index: number, value: string) => {
    form.setFieldValue(`options.${index}.value`, value);
    form.setFieldValue(`options.${index}.valueTouched`, true);
    form.clearFieldError('options');
  };

  const move = (from: number, to: number, dir: 'up' | 'down') => {
    const row = rows[from];
    form.reorderListItem('options', { from, to });
    if (!row) return;
    requestAnimationFrame(() => {
      const same = document.querySelector<HTMLButtonElement>(`[data-option-move="${row.key}-${dir}"]`);
      const other = document.querySelector<HTMLButtonElement>(`[data-option-move="${row.key}-${dir === 'up' ? 'down' : 'up'}"]`);
      (same && !same.disabled ? same : other)?.focus();
    });
  };

  const remove = (index: number) => {
    form.removeListItem('options', index);
    form.clearFieldError('options');
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>('[data-option-add]')?.focus());
  };

  return (
    <Fieldset
      legend={t('fields.options')}
      data-path="options"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      variant="filled"
    >
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('fields.options_help')}
        </Text>
        {rows.length === 0 ? <Text size="sm">{t('fields.options_empty')}</Text> : null}
        {rows.map((row, index) => {
          const n = index + 1;
          const name = row.label.trim() || t('fields.option_n', { n });
          return (
            <Group key={row.key} gap="xs" align="flex-end" wrap="nowrap" data-testid="option-row">
              <TextInput
                label={t('fields.option_label', { n })}
                value={row.label}
                onChange={(e) => setLabel(index, e.currentTarget.value)}
                maxLength={255}
                style={{ flex: 2 }}
                data-option-label={row.key}
              />
              <TextInput
                label={t('fields.option_value', { n })}
                value={row.value}
                onChange={(e) => setValue(index, e.currentTarget.value)}
                readOnly={row.existing}
                maxLength={100}
                style={{ flex: 1 }}
              />
              <Group gap={4} wrap="nowrap" pb={4}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => move(index, index - 1, 'up')}
                  disabled={index === 0}
                  aria-label={t('reorder.move_up', { label: name })}
                  data-option-move={`${row.key}-up`}
                >
                  <IconArrowUp size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => move(index, index + 1, 'down')}
                  disabled={index === rows.length - 1}
                  aria-label={t('reorder.move_down', { label: name })}
                  data-option-move={`${row.key}-down`}
                >
                  <IconArrowDown size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => remove(index)}
                  aria-label={t('fields.option_remove', { label: name })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          );
        })}
        {error ? (
          <Text id={errorId} size="sm" c="var(--mantine-color-error)">
            {error}
          </Text>
        ) : null}
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={add} data-option-add>
            {t('fields.option_add')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
