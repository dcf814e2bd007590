import { Alert, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSendEditLinks } from '../../api/editLinks';
import { translateFieldErrors } from '../../components/formErrors';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { AuthForm, EmailInput } from '../auth/AuthForm';
import { AuthFrame } from '../auth/AuthFrame';
import { useAuthSubmit } from '../auth/useAuthSubmit';

const FIELDS = ['email'] as const;

/** Arriving from a link that no longer works (spec §8: an alert, then ordering a new link). */
export interface GetEditLinksState {
  linkInvalid?: boolean;
}

/**
 * `/updreqs/get_edit_links` (public): a member orders a fresh link to their own form by
 * email. The answer is the same whether or not the address is in the register, so the
 * page says "if".
 */
export function GetEditLinksPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const linkInvalid = (location.state as GetEditLinksState | null)?.linkInvalid === true;
  const send = useSendEditLinks();
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);
  useDocumentTitle(t('app.document_title', { page: t('edit_links.page'), site: t('app.name') }));

  const form = useForm<{ email: string }>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: (values) => translateFieldErrors(values.email.trim() ? {} : { email: 'members_fill_email' }),
  });

  // The confirmation replaces the form: focus moves to it so it is read out.
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const submit = useAuthSubmit(form, FIELDS, async (values: { email: string }) => {
    await send.mutateAsync(values);
    setSent(true);
  });

  return (
    <AuthFrame>
      <Title order={1} size="h2" mb="xs">
        {t('edit_links.page')}
      </Title>
      {linkInvalid && !sent ? (
        <Alert color="red" variant="light" role="alert" mb="md" data-testid="edit-link-invalid">
          {t('edit_link_invalid')}
        </Alert>
      ) : null}
      {sent ? (
        <Alert ref={sentRef} tabIndex={-1} color="green" variant="light" icon={<IconMailCheck aria-hidden />} role="status" data-testid="edit-links-sent">
          {t('edit_links.sent')}
        </Alert>
      ) : (
        <AuthForm
          intro={t('edit_links.intro')}
          error={submit.error}
          fields={FIELDS}
          onSubmit={form.onSubmit(submit.run, submit.onInvalid)}
          pending={submit.pending}
          submitLabel={t('edit_links.send')}
        >
          <EmailInput label={t('edit_links.email')} key={form.key('email')} inputProps={form.getInputProps('email')} />
        </AuthForm>
      )}
    </AuthFrame>
  );
}
