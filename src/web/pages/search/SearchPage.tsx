import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SUPERSEARCH_MIN_CHARS } from '../../../shared/constants';
import type { MemberRow } from '../../../shared/schemas/members';
import { useSuperSearch } from '../../api/membersList';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { canOpen } from '../../access';
import { memberEditPath, memberHistoryPath, memberSearchPath, PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { MemberRowMenu } from '../members/MemberRowMenu';
import { PagedMemberTable } from '../members/MemberTable';
import { useListModel } from '../members/useListModel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';

/** `/search/{type}/{term}`: every member supersearch finds (up to 100); only members can be searched so far. */
export function SearchPage() {
  const { t } = useTranslation();
  const { type, term: rawTerm } = useParams();
  const term = (rawTerm ?? '').trim();
  if (type !== 'members') {
    return <NotFoundContent title={t('not_found.page')} backTo={PATHS.dashboard} backLabel={t('not_found.home')} />;
  }
  return <MemberSearch key={term} term={term} />;
}

function MemberSearch({ term }: { term: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentSession();
  const { model } = useListModel();
  const [value, setValue] = useState(term);
  const enabled = term.length >= SUPERSEARCH_MIN_CHARS;
  const search = useSuperSearch(term, { showAll: true, enabled });
  const columns = (model?.columns ?? []).filter((c) => c.name === 'email' || c.name === 'phone');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) void navigate(memberSearchPath(value.trim()));
  };

  return (
    <>
      <PageHeader title={t('member_search.page', { term })} />
      <Stack gap="md">
        <form onSubmit={submit} role="search">
          <Group align="flex-end" gap="sm">
            <TextInput
              label={t('member_search.page_input')}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden />}
              type="search"
              autoComplete="off"
              style={{ flex: 1, maxWidth: 420 }}
            />
            <Button type="submit">{t('member_search.search')}</Button>
          </Group>
        </form>
        {!enabled ? (
          <Text>{t('members_search_term_too_short', { min: SUPERSEARCH_MIN_CHARS })}</Text>
        ) : search.isError ? (
          <ErrorBanner error={search.error} onRetry={() => void search.refetch()} />
        ) : !search.data ? (
          <LoadingSkeleton height={120} />
        ) : (
          <>
            <Text fw={700} role="status" data-testid="search-count">
              {search.data.more
                ? t('member_list.search_count_more', { count: search.data.results.length })
                : t('member_list.search_count', { count: search.data.results.length })}
            </Text>
            {search.data.results.length > 0 ? (
              <PagedMemberTable
                label={t('member_list.search_results_table')}
                rows={search.data.results as MemberRow[]}
                columns={columns}
                sort={null}
                onSort={null}
                nameHref={(row) =>
                  canOpen(user, PATHS.memberEdit) ? memberEditPath(row.id) : canOpen(user, PATHS.memberHistory) ? memberHistoryPath(row.id) : null
                }
                actions={(row) => <MemberRowMenu row={row} onDelete={null} />}
              />
            ) : null}
          </>
        )}
      </Stack>
    </>
  );
}
