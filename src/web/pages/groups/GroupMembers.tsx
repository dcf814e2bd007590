import { Anchor, Box, Button, Group as MantineGroup, Table, Text, Title } from '@mantine/core';
import { IconList } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Filter } from '../../../shared/filter/types';
import type { Group } from '../../../shared/schemas/groups';
import { useMemberResults } from '../../api/membersList';
import { ErrorBanner } from '../../components/ErrorBanner';
import { Pager } from '../../components/Pager';
import { membersListPath } from '../members/listPaths';
import { DEFAULT_SORT } from '../members/memberColumns';
import { memberEditPath } from '../../paths';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';

const PAGE_SIZE = 20;

/** The member list's filter for one group: the condition the filter editor makes for it. */
export const groupFilter = (group: Pick<Group, 'name'>): Filter => [{ field: group.name, verb: 'in_group' }];

/**
 * A group's members on its page: name (to the member) and email, a page at
 * a time, and the member list filtered by the group for everything else.
 */
export function GroupMembers({ group }: { group: Group }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const filter = groupFilter(group);
  const results = useMemberResults({ filter, deleted: false, sort: DEFAULT_SORT, columns: ['email'], page: page - 1, page_size: PAGE_SIZE });
  const count = results.data?.stats.result_count ?? 0;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));

  return (
    <Box component="section" aria-labelledby={titleId} mt="xl" data-testid="group-members">
      <MantineGroup justify="space-between" align="center" mb="sm" wrap="wrap">
        <Title order={2} size="h3" id={titleId}>
          {t('groups.members_title')}
        </Title>
        <Button component={Link} to={membersListPath(filter)} variant="light" leftSection={<IconList size={18} aria-hidden />}>
          {t('groups.members_open_list')}
        </Button>
      </MantineGroup>
      {results.isError ? (
        <ErrorBanner error={results.error} onRetry={() => void results.refetch()} />
      ) : !results.data ? (
        <LoadingSkeleton height={120} />
      ) : results.data.results.length === 0 ? (
        <Text c="dimmed">{t('groups.members_empty')}</Text>
      ) : (
        <>
          <Table striped aria-label={t('groups.members_table', { label: group.label })} mb="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('groups.members_col_name')}</Table.Th>
                <Table.Th scope="col">{t('groups.members_col_email')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.data.results.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Anchor component={Link} to={memberEditPath(row.id)}>
                      {row.fullname_}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{typeof row.email === 'string' ? row.email : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pager pages={pages} page={page} onChange={setPage} />
        </>
      )}
    </Box>
  );
}
