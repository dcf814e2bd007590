import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { useRetentionReview } from '../../api/retention';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { memberEditPath, PATHS } from '../../paths';

/**
 * `/members/retention_review`: members inactive longer than the retention setting, oldest
 * first, each a link to their data. "Inactive since" (the history entry that switched them
 * off) is not a column the member filter knows, hence a list of its own.
 */
export function RetentionReviewPage() {
  const { t } = useTranslation();
  const review = useRetentionReview();
  return (
    <>
      <PageHeader title={t('retention.review_page')} />
      {review.isError ? (
        <ErrorBanner error={review.error} onRetry={() => void review.refetch()} />
      ) : !review.data ? (
        <PageLoader />
      ) : review.data.inactive_years === 0 ? (
        <Stack gap="sm" align="flex-start">
          <Text>{t('retention.review_off')}</Text>
          <Anchor component={Link} to={PATHS.settingsRetention}>
            {t('retention.nav')}
          </Anchor>
        </Stack>
      ) : review.data.members.length === 0 ? (
        <Text>{t('retention.review_empty', { count: review.data.inactive_years })}</Text>
      ) : (
        <Stack gap="sm">
          <Text>{t('retention.review_intro', { count: review.data.inactive_years })}</Text>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('retention.review_col_name')}</Table.Th>
                <Table.Th scope="col">{t('retention.review_col_since')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {review.data.members.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <Anchor component={Link} to={memberEditPath(m.id)}>
                      {`${m.lastname} ${m.firstname}`.trim()}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatFinnishDate(m.since.slice(0, 10))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </>
  );
}
