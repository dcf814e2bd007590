import { Group, NativeSelect, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DECIMAL_INPUT_MAXLENGTH } from '../../../shared/constants';
import { type FieldFormValues, NUMBER_TYPES, TEXT_TYPES } from './fieldForm';

/** The limits a field's type has: smallest and largest number (and decimals), or the longest text. */
export function FieldLimits({ form }: { form: UseFormReturnType<FieldFormValues> }) {
  const { t } = useTranslation();
  const values = form.getValues();
  return (
    <>
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
    </>
  );
}
