import { Alert, Anchor, Button, Drawer, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconUsers, IconX } from '@tabler/icons-react';
import { Fragment, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Field } from '../../../shared/fields/types';
import { type ApplicationReply, type Duplicate, useApplication, useApproveApplication } from '../../api/applications';
import { isApiError } from '../../api/errors';
import { useFields } from '../../api/fields';
import type { MemberReply } from '../../api/members';
import { useDeleteMember } from '../../api/membersList';
import { useCurrentSession } from '../../auth/SessionContext';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { canOpen } from '../../access';
import { memberEditPath, PATHS } from '../../paths';
import { ApplicationCorrection } from './ApplicationCorrection';
import { sortDuplicates } from './applicationFormat';
import { formatDateTime } from './historyFormat';
import { formatCell } from './memberColumns';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { usePhoneFormat } from './phoneDisplay';

interface ApplicationDrawerProps {
  /** The application shown; the drawer is open while this is not null. */
  id: number | null;
  onClose: () => void;
  /** After approval: the new member. */
  onApproved: (member: MemberReply) => void;
  /** After rejection: the name and the batch that undoes it. */
  onRejected: (name: string, batchId: string) => void;
}

/**
 * One application: every value the applicant gave, possible
 * duplicates of existing members flagged with links to them, and "Hyväksy" / "Hylkää".
 */
export function ApplicationDrawer({ id, onClose, onApproved, onRejected }: ApplicationDrawerProps) {
  const { t } = useTranslation();
  const application = useApplication(id);
  const data = application.data;

  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={data?.fullname_ || t('applications.drawer_title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {isApiError(application.error) && application.error.status === 404 ? (
        <Alert color="yellow" variant="light" data-testid="application-not-found">
          {t('applications.not_found')}
        </Alert>
      ) : application.isError ? (
        <ErrorBanner error={application.error} onRetry={() => void application.refetch()} />
      ) : !data ? (
        <Stack gap="sm" role="status" aria-label={t('app.loading')}>
          <Skeleton height={20} width="50%" />
          <Skeleton height={80} />
          <Skeleton height={200} />
        </Stack>
      ) : (
        <ApplicationDetails key={data.id} application={data} onApproved={onApproved} onRejected={onRejected} />
      )}
    </Drawer>
  );
}

interface DetailsProps {
  application: ApplicationReply;
  onApproved: (member: MemberReply) => void;
  onRejected: (name: string, batchId: string) => void;
}

function ApplicationDetails({ application, onApproved, onRejected }: DetailsProps) {
  const { t } = useTranslation();
  const fields = useFields();
  const approve = useApproveApplication();
  const reject = useDeleteMember();
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const correctButton = useRef<HTMLButtonElement>(null);
  const appliedAt = application.meta_.applied_at ?? (typeof application.created_at === 'string' ? application.created_at : null);
  const duplicates = sortDuplicates(application.meta_.duplicates);
  const name = application.fullname_;

  const runApprove = useGuardedSubmit(async () => {
    setError(null);
    try {
      onApproved(await approve.mutateAsync(application.id));
    } catch (failure) {
      setError(failure);
    }
  });

  const runReject = useGuardedSubmit(async () => {
    try {
      const { batch_id } = await reject.mutateAsync(application.id);
      setConfirming(false);
      onRejected(name, batch_id);
    } catch {
      // Shown inside the confirmation.
    }
  });

  if (correcting) {
    return (
      <ApplicationCorrection
        application={application}
        onClose={() => {
          setCorrecting(false);
          // Back where the correction started.
          window.setTimeout(() => correctButton.current?.focus(), 0);
        }}
      />
    );
  }

  return (
    <Stack gap="lg" data-testid="application-details">
      {appliedAt ? <Text>{t('applications.applied_at', { time: formatDateTime(appliedAt, t('applications.klo')) })}</Text> : null}

      {duplicates.length > 0 ? <DuplicatesAlert duplicates={duplicates} /> : null}

      <ErrorBanner error={error} />

      {fields.isError ? (
        <ErrorBanner error={fields.error} onRetry={() => void fields.refetch()} />
      ) : !fields.data ? (
        <LoadingSkeleton height={200} />
      ) : (
        <ApplicationValues fields={fields.data} application={application} />
      )}

      <Group gap="sm">
        <Button
          leftSection={<IconCheck size={18} aria-hidden />}
          onClick={() => void runApprove.run()}
          loading={runApprove.pending}
          aria-busy={runApprove.pending || undefined}
        >
          {t('applications.approve')}
        </Button>
        <Button ref={correctButton} variant="default" leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setCorrecting(true)}>
          {t('applications.correct')}
        </Button>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconX size={18} aria-hidden />}
          onClick={() => {
            reject.reset();
            setConfirming(true);
          }}
        >
          {t('applications.reject')}
        </Button>
      </Group>

      <ConfirmModal
        opened={confirming}
        title={t('applications.reject_title')}
        confirmLabel={t('applications.reject_confirm')}
        onConfirm={() => void runReject.run()}
        onCancel={() => setConfirming(false)}
        danger
        pending={runReject.pending}
        error={reject.error}
      >
        <Text>{t('applications.reject_text', { name })}</Text>
      </ConfirmModal>
    </Stack>
  );
}

function DuplicatesAlert({ duplicates }: { duplicates: readonly Duplicate[] }) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const reason = (d: Duplicate): string => {
    switch (d.reason) {
      case 'email':
        return t('applications.duplicate_email');
      case 'phone':
        return t('applications.duplicate_phone');
      case 'name_birthdate':
        return t('applications.duplicate_name_birthdate');
    }
  };
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconUsers aria-hidden />}
      title={t('applications.duplicates_title')}
      // Orange on its light background stays under 4.5:1; the title takes the text colour.
      styles={{ title: { color: 'var(--mantine-color-text)', fontSize: 'var(--mantine-font-size-md)' } }}
      data-testid="application-duplicates"
    >
      <Text size="sm" mb="xs">
        {t('applications.duplicates_text')}
      </Text>
      <List size="sm" spacing={4}>
        {duplicates.map((d) => (
          <List.Item key={d.id}>
            {canOpen(user, PATHS.memberEdit) ? (
              <Anchor component={Link} to={memberEditPath(d.id)} fw={600} c="blue.9">
                {d.fullname_}
              </Anchor>
            ) : (
              <Text component="span" fw={600}>
                {d.fullname_}
              </Text>
            )}{' '}
            – {reason(d)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

interface ValueSection {
  heading: Field | null;
  fields: Field[];
}

/** Every field in form order with the applicant's value; headings split the list as on the form. */
function ApplicationValues({ fields, application }: { fields: readonly Field[]; application: ApplicationReply }) {
  const { t } = useTranslation();
  usePhoneFormat();
  const texts = { yes: t('member_form.yes'), no: t('member_form.no') };
  const sections: ValueSection[] = [{ heading: null, fields: [] }];
  for (const field of fields) {
    if (field.type === 'password') continue;
    if (field.type === 'heading') sections.push({ heading: field, fields: [] });
    else sections[sections.length - 1]?.fields.push(field);
  }

  return (
    <Stack gap="md" data-testid="application-values">
      {sections
        .filter((s) => s.fields.length > 0)
        .map((section, index) => (
          <Fragment key={section.heading?.id ?? `top-${String(index)}`}>
            {section.heading ? (
              <Title order={3} size="h5">
                {section.heading.label}
              </Title>
            ) : null}
            <Stack component="dl" gap={8} m={0}>
              {section.fields.map((field) => {
                const text = formatCell(field, application[field.name], texts);
                return (
                  <Group key={field.id} component="div" gap="md" wrap="nowrap" align="flex-start">
                    <Text component="dt" size="sm" fw={600} w="40%" style={{ flexShrink: 0 }}>
                      {field.label}
                    </Text>
                    <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                      {text === '' ? t('member_form.no_value') : text}
                    </Text>
                  </Group>
                );
              })}
            </Stack>
          </Fragment>
        ))}
    </Stack>
  );
}
