import { Alert, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ResetRequestBody, resetRequestBody } from '../../../shared/schemas/passwordReset';
import { useResetRequest } from '../../api/passwordReset';
import { translateFieldErrors } from '../../components/formErrors';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AuthForm, BackToLoginLink, EmailInput } from './AuthForm';
import { AuthFrame } from './AuthFrame';
import { useAuthSubmit } from './useAuthSubmit';

const FIELDS = ['email'] as const;
const validate = schemaResolver(resetRequestBody, { sync: true });

/**
 * `/@reset`: asks for a password link by email. The answer is the same
 * whether or not the address is in the register, so the page says "if".
 */
export function ResetRequestPage() {
  const { t } = useTranslation();
  const request = useResetRequest();
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(t('app.document_title', { page: t('reset.request_page'), site: t('app.name') }));

  const form = useForm<ResetRequestBody>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: (values) => translateFieldErrors(validate(values)),
  });

  // The confirmation replaces the form: focus moves to it so it is read out.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const submit = useAuthSubmit(form, FIELDS, async (values: ResetRequestBody) => {
    await request.mutateAsync(values);
    setSent(true);
  });

  return (
    <AuthFrame>
      <Title order={1} size="h2" mb="xs">
        {t('reset.request_page')}
      </Title>
      {sent ? (
        <Alert ref={sentRef} tabIndex={-1} color="green" variant="light" icon={<IconMailCheck aria-hidden />} role="status" mb="md" data-testid="reset-sent">
          {t('reset.sent')}
        </Alert>
      ) : (
        <AuthForm
          intro={t('reset.request_intro')}
          error={submit.error}
          fields={FIELDS}
          onSubmit={form.onSubmit(submit.run, submit.onInvalid)}
          pending={submit.pending}
          submitLabel={t('reset.send')}
        >
          <EmailInput label={t('reset.email')} key={form.key('email')} inputProps={form.getInputProps('email')} />
        </AuthForm>
      )}
      <BackToLoginLink />
    </AuthFrame>
  );
}
