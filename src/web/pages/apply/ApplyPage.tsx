import { Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Field } from '../../../shared/fields/types';
import { useApply, useApplyForm } from '../../api/applications';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageLoader } from '../../components/PageLoader';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { MemberForm } from '../members/MemberForm';
import { applicationFields } from '../members/variantFields';
import classes from './apply.module.css';

// The public membership application: no sign-in, the application variant of the member
// form, a honeypot and the time the form was shown for the server's bot checks, and a
// thank-you view. `?embed=1` drops the page frame for the iframe on the association's site.

const EMBED_PARAM = 'embed';

/** `/@apply` (public) */
export function ApplyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const embed = params.get(EMBED_PARAM) === '1';
  const form = useApplyForm();
  const name = form.data?.customer_name;
  const title = name ? t('apply.title', { name }) : t('apply.title_plain');
  useDocumentTitle(title);
  // Each new application is a fresh form with its own start time.
  const [round, setRound] = useState(0);
  const [sent, setSent] = useState(false);

  let content: ReactNode;
  if (form.isError) content = <ErrorBanner error={form.error} onRetry={() => void form.refetch()} />;
  else if (!form.data) content = <PageLoader minHeight={240} />;
  else if (sent) {
    content = (
      <ThankYou
        name={form.data.customer_name}
        onAgain={() => {
          setRound((r) => r + 1);
          setSent(false);
        }}
      />
    );
  } else content = <ApplicationForm key={round} fields={form.data.fields} onSent={() => setSent(true)} />;

  return (
    <ApplyFrame embed={embed}>
      <Title order={1} size="h2" mb="md">
        {title}
      </Title>
      {content}
    </ApplyFrame>
  );
}

function ApplyFrame({ embed, children }: { embed: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  if (embed) {
    return (
      <Box component="main" id="main-content" p="md" data-embed="1">
        {children}
      </Box>
    );
  }
  return (
    <Box component="main" id="main-content" mih="100vh" bg="gray.0" py={{ base: 24, sm: 48 }} px="md">
      <Container size={680} px={0}>
        <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
          {children}
        </Paper>
        <Text ta="center" size="xs" c="dimmed" mt="md">
          {t('apply.footer')}
        </Text>
      </Container>
    </Box>
  );
}

function ApplicationForm({ fields, onSent }: { fields: readonly Field[]; onSent: () => void }) {
  const { t } = useTranslation();
  const apply = useApply();
  // When the form was shown: the server drops applications sent faster than a person types.
  const [startedAt] = useState(() => Date.now());
  const honeypot = useRef<HTMLInputElement>(null);
  const honeypotId = useId();
  const formFields = useMemo(() => applicationFields(fields), [fields]);

  return (
    <Stack gap="md">
      <Text>{t('apply.intro')}</Text>
      <Text size="sm">{t('apply.required_note')}</Text>
      <MemberForm<{ ok: true }>
        variant="application"
        fields={formFields}
        groups={[]}
        member={null}
        save={(body) => apply.mutateAsync({ ...body, hp_website: honeypot.current?.value ?? '', form_started_at: startedAt })}
        onSaved={() => onSent()}
        submitLabel={t('apply.submit')}
        extra={
          <div className={classes.honeypot} aria-hidden="true">
            <label htmlFor={honeypotId}>{t('apply.honeypot_label')}</label>
            <input ref={honeypot} id={honeypotId} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
        }
      />
    </Stack>
  );
}

function ThankYou({ name, onAgain }: { name: string; onAgain: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Stack gap="md" align="flex-start" data-testid="apply-thanks">
      <IconCircleCheck size={48} color="var(--mantine-color-green-8)" aria-hidden />
      <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {t('apply.thanks_title')}
      </Title>
      <Text>{t('apply.thanks_text', { name })}</Text>
      <Text>{t('apply.thanks_next')}</Text>
      <Text>{t('apply.thanks_mail')}</Text>
      <Button variant="light" onClick={onAgain}>
        {t('apply.again')}
      </Button>
    </Stack>
  );
}
