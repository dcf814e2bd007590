import { Button, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationReply } from '../../api/applications';
import { useSaveMember } from '../../api/members';
import { notifySuccess } from '../../components/notify';
import { MemberForm } from './MemberForm';
import { MemberFormLoader } from './MemberFormLoader';

interface ApplicationCorrectionProps {
  application: ApplicationReply;
  /** After a saved correction or a cancel: back to the application's details. */
  onClose: () => void;
}

/**
 * Correcting an application before approval: the admin's member form
 * with the applicant's values, the same validation, saved with members/{id} (which takes
 * pending members), so each correction is a PersonUpdate in the member history.
 */
export function ApplicationCorrection({ application, onClose }: ApplicationCorrectionProps) {
  const { t } = useTranslation();
  const save = useSaveMember(application.id);
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Stack gap="md" data-testid="application-correction">
      <Title order={3} size="h4" ref={heading} tabIndex={-1}>
        {t('applications.correct_title')}
      </Title>
      <Text size="sm">{t('applications.correct_help')}</Text>
      <MemberFormLoader>
        {({ fields, groups }) => (
          <MemberForm
            fields={fields}
            groups={groups}
            member={application}
            save={(body) => save.mutateAsync(body)}
            onSaved={() => {
              // The drawer reads the application under its own key (pending=1).
              void queryClient.invalidateQueries({ queryKey: ['members', 'get', { id: application.id, pending: true }] });
              notifySuccess(t('applications.corrected'));
              onClose();
            }}
            submitLabel={t('applications.correct_save')}
          />
        )}
      </MemberFormLoader>
      <Button variant="default" onClick={onClose} style={{ alignSelf: 'flex-start' }}>
        {t('applications.correct_cancel')}
      </Button>
    </Stack>
  );
}
