import { Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatAmount } from '../../../shared/finnish/amount';
import { REFERRAL_FRIEND_CENTS, REFERRAL_MAX_EMAILS, REFERRAL_REFERRER_CENTS, type referReply } from '../../../shared/schemas/payments';
import { useRefer } from '../../api/payments';
import { ErrorBanner } from '../../components/ErrorBanner';
import { applyServerErrors, focusFirstInvalid } from '../../components/formErrors';
import { SubmitButton } from '../../components/SubmitButton';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { fieldMessageText } from '../../i18n/messages';
import { splitEmails } from './balanceAmount';

const FIELDS = ['emails'] as const;

/** Sharing the service: emails by line or comma; the answer says which were referred, already referred or not emails. */
export function ReferralForm() {
  const { t } = useTranslation();
  const refer = useRefer();
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<z.infer<typeof referReply> | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { emails: '' },
    validate: {
      emails: (value) => {
        const list = splitEmails(value);
        if (list.length === 0) return fieldMessageText('_validation_field_required');
        if (list.length > REFERRAL_MAX_EMAILS) return fieldMessageText('referral_too_many', { max: REFERRAL_MAX_EMAILS });
        return null;
      },
    },
  });

  const submit = useGuardedSubmit(async (values: { emails: string }) => {
    setError(null);
    try {
      const reply = await refer.mutateAsync(values.emails);
      setResult(reply);
      if (reply.invalid.length === 0) form.reset();
    } catch (failure) {
      setResult(null);
      setError(failure);
      applyServerErrors(form, failure, FIELDS);
    }
  });

  const group = (label: string, emails: string[], testId: string) =>
    emails.length === 0 ? null : (
      <div data-testid={testId}>
        <Text fw={600}>{label}</Text>
        <List size="sm">
          {emails.map((e) => (
            <List.Item key={e}>{e}</List.Item>
          ))}
        </List>
      </div>
    );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="balance-refer">
      <Title order={2} size="h3" id="balance-refer" mb="sm">
        {t('referral.title')}
      </Title>
      <Text mb="md">{t('referral.help', { referrer: formatAmount(REFERRAL_REFERRER_CENTS), friend: formatAmount(REFERRAL_FRIEND_CENTS) })}</Text>
      <form onSubmit={form.onSubmit(submit.run, (errors) => focusFirstInvalid(form, errors, FIELDS))} noValidate>
        <Stack gap="md">
          <ErrorBanner error={error} fields={FIELDS} />
          <Textarea label={t('referral.emails')} description={t('referral.emails_help')} autosize minRows={3} maxRows={10} required spellCheck={false} data-testid="referral-emails" key={form.key('emails')} {...form.getInputProps('emails')} />
          <Group>
            <SubmitButton pending={submit.pending}>{t('referral.submit')}</SubmitButton>
          </Group>
          {result ? (
            <Stack gap="xs" role="status" data-testid="referral-result">
              {group(t('referral.referred', { count: result.referred.length }), result.referred, 'referral-referred')}
              {group(t('referral.already', { count: result.already.length }), result.already, 'referral-already')}
              {group(t('referral.invalid', { count: result.invalid.length }), result.invalid, 'referral-invalid')}
            </Stack>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
