import { Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Field } from '../../../shared/fields/types';
import { formatFinnishDate } from '../../../shared/finnish/date';

interface ReadOnlyFieldValueProps {
  field: Field;
  /** The form value: text as shown in the inputs (d.M.yyyy, decimal comma), booleans for checkboxes. */
  value: string | boolean | undefined;
}

/**
 * A field the member may see but not change (visibility 1): its label and
 * value as text, and a word on who can change it.
 */
export function ReadOnlyFieldValue({ field, value }: ReadOnlyFieldValueProps) {
  const { t } = useTranslation();
  const labelId = useId();
  let text: string;
  if (field.type === 'checkbox') text = value === true ? t('member_form.yes') : t('member_form.no');
  else if (field.type === 'consent') text = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? t('member_list.consent_yes', { date: formatFinnishDate(value) }) : t('member_form.no');
  else if (typeof value !== 'string' || value.trim() === '') text = t('member_form.no_value');
  else if (field.type === 'dropdown') text = field.options.find((o) => o.value === value)?.label ?? value;
  else text = value;

  return (
    <Stack gap={2} role="group" aria-labelledby={labelId} data-readonly-field={field.name}>
      <Text component="div" size="sm" fw={600} id={labelId}>
        {field.label}
      </Text>
      <Text component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      {field.help_text ? (
        <Text component="div" size="xs" c="dimmed">
          {field.help_text}
        </Text>
      ) : null}
      <Text component="div" size="xs" c="dimmed">
        {t('member_form.readonly_help')}
      </Text>
    </Stack>
  );
}
