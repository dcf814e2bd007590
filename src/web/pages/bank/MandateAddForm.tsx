import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFinnishDate, parseFinnishDate } from '../../../shared/finnish/date';
import { normalizeIban, validateIban } from '../../../shared/finnish/iban';
import { useAddMandateAccount } from '../../api/bank';
import { fieldErrorKeys } from '../../api/errorKeys';
import { isApiError } from '../../api/errors';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { fieldMessageText } from '../../i18n/messages';
import { helsinkiToday } from '../invoices/reports/reportParams';

// Adding an account to the bank mandate: the IBAN, the day the mandate was given (d.M.yyyy,
// today by default) and who gave it. The IBAN is checked here with the same rule the server
// uses (src/shared/finnish/iban.ts), so a typo is caught before the round trip; the server's
// answer (e.g. the account is already on the mandate) goes under its field too.

const FIELDS = ['iban', 'given_on', 'given_by'] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

export function MandateAddForm() {
  const { t } = useTranslation();
  const add = useAddMandateAccount();
  const [values, setValues] = useState<Record<Field, string>>(() => ({ iban: '', given_on: formatFinnishDate(helsinkiToday()), given_by: '' }));
  const [errors, setErrors] = useState<Errors>({});
  const refs = {
    iban: useRef<HTMLInputElement>(null),
    given_on: useRef<HTMLInputElement>(null),
    given_by: useRef<HTMLInputElement>(null),
  };

  const show = (next: Errors) => {
    setErrors(next);
    const first = FIELDS.find((f) => next[f]);
    if (first) refs[first].current?.focus();
    return first !== undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    add.reset();
    const next: Errors = {};
    const ibanError = validateIban(values.iban);
    if (values.iban.trim() === '') next.iban = fieldMessageText('_validation_field_required');
    else if (ibanError) next.iban = fieldMessageText(`settings_iban_${ibanError}`);
    const givenOn = parseFinnishDate(values.given_on);
    if (givenOn === null) next.given_on = fieldMessageText('_validation_date_invalid');
    if (values.given_by.trim() === '') next.given_by = fieldMessageText('_validation_field_required');
    if (show(next) || givenOn === null) return;
    add.mutate(
      { iban: normalizeIban(values.iban).replace(/ /g, ''), given_on: givenOn, given_by: values.given_by.trim() },
      {
        onSuccess: () => {
          notifySuccess(t('mandate.added', { iban: normalizeIban(values.iban) }));
          setValues((v) => ({ ...v, iban: '', given_by: '' }));
          setErrors({});
        },
        onError: (error) => {
          const keys = fieldErrorKeys(error, FIELDS);
          const params = isApiError(error) ? error.params : undefined;
          show(Object.fromEntries(Object.entries(keys).map(([f, key]) => [f, fieldMessageText(key, params)])));
        },
      },
    );
  };

  const input = (field: Field) => ({
    ref: refs[field],
    value: values[field],
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [field]: value }));
    },
  });

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-labelledby="mandate-add-title" data-testid="mandate-add">
      <Stack gap="sm" maw={480}>
        <Title order={2} size="h4" id="mandate-add-title">
          {t('mandate.add_title')}
        </Title>
        <ErrorBanner error={add.error} fields={FIELDS} />
        <TextInput label={t('mandate.iban')} description={t('mandate.iban_help')} autoComplete="off" maxLength={42} required {...input('iban')} />
        <TextInput label={t('mandate.given_on')} description={t('mandate.given_on_help')} inputMode="numeric" maxLength={10} autoComplete="off" required {...input('given_on')} />
        <TextInput label={t('mandate.given_by')} description={t('mandate.given_by_help')} maxLength={200} autoComplete="off" required {...input('given_by')} />
        <Group>
          <Button type="submit" loading={add.isPending} leftSection={<IconPlus size={18} aria-hidden />}>
            {t('mandate.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
