import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EDIT_LINK_HEADER } from '../../../shared/constants';
import { okReply } from '../../../shared/schemas/session';
import { api, apiWith } from '../../api/client';
import { ErrorBanner } from '../../components/ErrorBanner';

/**
 * "Omat tietosi" on the member's own edit page (GDPR Art. 15): a request for a copy of
 * everything the register holds about them, mailed to their own address. `linkToken`: the
 * personal link on /edit_me_h (sent in its header), absent on /edit_me_s (session).
 */
export function OwnDataSection({ linkToken }: { linkToken?: string }) {
  const { t } = useTranslation();
  const client = linkToken ? apiWith({ [EDIT_LINK_HEADER]: linkToken }) : api;
  const request = useMutation({
    mutationFn: () => client.post('members/request_data_export', {}, okReply),
    meta: { allowAnonymous: linkToken !== undefined },
  });
  return (
    <Paper withBorder p="md" mt="xl" maw={760} component="section" aria-labelledby="own-data-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="own-data-title">
          {t('edit_me.own_data_title')}
        </Title>
        <Text size="sm">{t('edit_me.own_data_text')}</Text>
        <ErrorBanner error={request.error} />
        <div role="status">
          {request.isSuccess ? (
            <Alert color="green" variant="light">
              {t('edit_me.own_data_sent')}
            </Alert>
          ) : null}
        </div>
        <div>
          <Button variant="light" loading={request.isPending} disabled={request.isSuccess} onClick={() => request.mutate()}>
            {t('edit_me.own_data_request')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
