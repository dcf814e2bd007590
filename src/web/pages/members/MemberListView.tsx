import { ActionIcon, Anchor, Box, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEBOUNCE_DEFAULT_MS, MEMBER_PAGE_SIZE_EVERYONE, MEMBER_PAGE_SIZES, QUICKSEARCH_MIN_CHARS } from '../../../shared/constants';
import type { Filter } from '../../../shared/filter/types';
import type { MemberRow } from '../../../shared/schemas/members';
import { type ResultsParams, useMemberResults, useQuickSearch } from '../../api/membersList';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { canOpen } from '../../access';
import { PATHS } from '../../paths';
import { ColumnChooser } from './ColumnChooser';
import { FilterEditor } from './FilterEditor';
import { nextSort } from './memberColumns';
import { chunkParams, PagedMemberTable, type RowLinks } from './MemberTable';
import { pageParams, useListPrefs, useListUrl } from './listState';
import type { ListModel } from './useListModel';
import { Pager } from '../../components/Pager';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { RowsSkeleton } from '../../components/RowsSkeleton';
import { useFormatNumber } from '../../i18n/useFormatNumber';
import { lazyChunk } from '../../components/lazyChunk';
import { ChunkSuspense } from '../../components/ChunkSuspense';

// "Everyone" (the virtualiser with it) loads when a user picks it.
const VirtualMemberTable = lazyChunk(() => import('./VirtualMemberTable'), 'VirtualMemberTable');

export interface ListContext {
  filter: Filter;
  /** Members matching the filter (null while the first reply is on its way). */
  count: number | null;
  setFilter: (filter: Filter) => void;
}

interface MemberListViewProps extends RowLinks {
  model: ListModel;
  /** The bin of deleted members instead of the register. */
  deleted: boolean;
  /** Accessible name of the table. */
  label: string;
  /** Actions on the filtered members (bulk edit, export, restore all…), beside the count. */
  toolbar?: (ctx: ListContext) => ReactNode;
  /** What an empty list shows; `filtered` when a filter hides everyone. */
  empty: (ctx: ListContext & { filtered: boolean }) => ReactNode;
  /** Inside the filter editor, under its title (saved filters). */
  filterTools?: (ctx: ListContext) => ReactNode;
}

/**
 * A member list: the count always in view, quick search, the filter editor
 * (kept in the URL), the column chooser, page size and sortable columns (remembered),
 * and either pages or the virtualised "everyone" list.
 */
export function MemberListView({ model, deleted, label, toolbar, empty, filterTools, nameHref, actions }: MemberListViewProps) {
  const { t } = useTranslation();
  const number = useFormatNumber();
  const { user } = useCurrentSession();
  const { filter, page, setFilter, setPage } = useListUrl();
  const prefs = useListPrefs(model.columns);
  const columns = prefs.columns.map((name) => model.columns.find((c) => c.name === name)).filter((c) => c !== undefined);
  const [term, setTerm] = useState('');
  const [debouncedTerm] = useDebouncedValue(term.trim(), DEBOUNCE_DEFAULT_MS);
  const searching = debouncedTerm.length >= QUICKSEARCH_MIN_CHARS;
  const searchId = useId();

  const base = pageParams(filter, page, deleted, prefs);
  const params: ResultsParams = prefs.everyone ? chunkParams(base, 0) : base;
  // Kept running during a quick search too: the count stays in view.
  const results = useMemberResults(params);
  const search = useQuickSearch(debouncedTerm, { deleted, enabled: searching });

  const count = results.data?.stats.result_count ?? null;
  const applications = deleted ? 0 : (results.data?.stats.result_application_count ?? 0);
  const ctx: ListContext = { filter, count, setFilter };
  const pages = count === null || prefs.everyone ? 1 : Math.max(1, Math.ceil(count / prefs.pageSize));
  const onSort = (field: string) => prefs.setSort(nextSort(prefs.sort, field));
  const searchColumns = model.columns.filter((c) => c.name === 'email' || c.name === 'phone');

  // A page past the end (members were removed meanwhile) turns into the last page.
  useEffect(() => {
    if (!prefs.everyone && count !== null && page > pages) setPage(pages);
  }, [prefs.everyone, count, page, pages, setPage]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Group gap="md" align="baseline" wrap="wrap">
          {/* Always in view, and read out when a filter changes it. */}
          <Text fw={700} size="lg" role="status" aria-live="polite" data-testid="member-count">
            {count === null ? t('app.loading') : t(deleted ? 'member_removed.count' : 'member_list.count', { count })}
          </Text>
          {applications > 0 ? (
            canOpen(user, PATHS.memberApplications) ? (
              <Anchor component={Link} to={PATHS.memberApplications} data-testid="application-count">
                {t('member_list.applications', { count: applications })}
              </Anchor>
            ) : (
              <Text data-testid="application-count">{t('member_list.applications', { count: applications })}</Text>
            )
          ) : null}
        </Group>
        {toolbar ? <Group gap="xs">{toolbar(ctx)}</Group> : null}
      </Group>

      <TextInput
        id={searchId}
        label={t('member_list.quicksearch')}
        description={t('member_list.quicksearch_help', { min: QUICKSEARCH_MIN_CHARS })}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setTerm('');
        }}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          term ? (
            <ActionIcon variant="subtle" color="gray" onClick={() => setTerm('')} aria-label={t('member_list.quicksearch_clear')}>
              <IconX size={16} aria-hidden />
            </ActionIcon>
          ) : null
        }
        type="search"
        autoComplete="off"
        maw={480}
      />

      {searching ? (
        <Box component="section" aria-labelledby={`${searchId}-results`}>
          <Title order={2} size="h4" id={`${searchId}-results`} mb="xs">
            {t('member_list.search_results_title', { term: debouncedTerm })}
          </Title>
          {search.isError ? (
            <ErrorBanner error={search.error} onRetry={() => void search.refetch()} />
          ) : !search.data ? (
            <LoadingSkeleton height={80} />
          ) : (
            <>
              <Text mb="xs" role="status" aria-live="polite" data-testid="search-count">
                {search.data.more
                  ? t('member_list.search_count_more', { count: search.data.results.length })
                  : t('member_list.search_count', { count: search.data.results.length })}
              </Text>
              {search.data.results.length > 0 ? (
                <Box aria-busy={search.isPlaceholderData || undefined} style={{ opacity: search.isPlaceholderData ? 0.6 : 1 }}>
                  <PagedMemberTable
                    label={t('member_list.search_results_table')}
                    rows={search.data.results as MemberRow[]}
                    columns={searchColumns}
                    sort={null}
                    onSort={null}
                    nameHref={nameHref}
                    actions={actions}
                  />
                </Box>
              ) : null}
            </>
          )}
        </Box>
      ) : (
        <>
          <FilterEditor
            fields={model.filterFields}
            value={filter}
            onChange={setFilter}
            emptyText={deleted ? t('member_removed.filter_empty') : t('member_filter.empty')}
            tools={filterTools?.(ctx)}
          />
          <Group justify="space-between" gap="sm" wrap="wrap">
            <ColumnChooser available={model.columns} chosen={prefs.columns} onChange={prefs.setColumns} />
            <NativeSelect
              label={t('member_list.page_size')}
              value={String(prefs.pageSize)}
              onChange={(e) => {
                prefs.setPageSize(Number(e.currentTarget.value));
                if (page > 1) setPage(1);
              }}
              data={MEMBER_PAGE_SIZES.map((size) => ({
                value: String(size),
                label: size === MEMBER_PAGE_SIZE_EVERYONE ? t('member_list.page_size_everyone') : number(size),
              }))}
              style={{ display: 'flex', alignItems: 'center', gap: 8 }}
            />
          </Group>
          {results.isError ? (
            <ErrorBanner error={results.error} onRetry={() => void results.refetch()} />
          ) : !results.data || (prefs.everyone && results.isPlaceholderData) ? (
            <RowsSkeleton rows={4} />
          ) : results.data.stats.result_count === 0 ? (
            empty({ ...ctx, filtered: filter.length > 0 })
          ) : prefs.everyone ? (
            <ChunkSuspense chunks={VirtualMemberTable} fallback={<RowsSkeleton rows={4} />}>
              <VirtualMemberTable
                label={label}
                params={base}
                head={results.data}
                columns={columns}
                sort={prefs.sort}
                onSort={onSort}
                nameHref={nameHref}
                actions={actions}
              />
            </ChunkSuspense>
          ) : (
            <>
              <Box aria-busy={results.isPlaceholderData || undefined}>
                <PagedMemberTable
                  label={label}
                  rows={results.data.results}
                  columns={columns}
                  sort={prefs.sort}
                  onSort={onSort}
                  nameHref={nameHref}
                  actions={actions}
                  firstIndex={(page - 1) * prefs.pageSize}
                  total={results.data.stats.result_count}
                />
              </Box>
              <Pager pages={pages} page={page} onChange={setPage} />
            </>
          )}
        </>
      )}
    </Stack>
  );
}
