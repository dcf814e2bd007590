import { Anchor, Button, Group, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { SUPERSEARCH_MIN_CHARS } from '../../../shared/constants';
import type { MemberRow } from '../../../shared/schemas/members';
import { isSearchType, useSearches, type AnySearchReply, type SearchReplies, type SearchType } from '../../api/search';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { PageHeader } from '../../components/PageHeader';
import { canOpen } from '../../access';
import { KEEP_FOCUS } from '../../layout/useFocusOnNavigation';
import { memberEditPath, memberHistoryPath, PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { MemberRowMenu } from '../members/MemberRowMenu';
import { PagedMemberTable } from '../members/MemberTable';
import { useListModel } from '../members/useListModel';
import { hasMore, SEARCH_TYPE_INFO, searchableTypes, searchHits, searchPath } from './searchTypes';

/**
 * `/search/{type}/{term}`: the term in a box, a tab per type the user may search with its
 * number of hits, and the chosen type's hits as a table linking to each item. Every type is
 * searched at once (the counts), each on its own.
 */
export function SearchPage() {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const { type, term: rawTerm } = useParams();
  const term = (rawTerm ?? '').trim();
  const types = searchableTypes(user);
  // A type the user may not search is as unknown to them as a made-up one.
  if (!isSearchType(type) || !types.includes(type)) {
    return <NotFoundContent title={t('not_found.page')} backTo={PATHS.dashboard} backLabel={t('not_found.home')} />;
  }
  return <Search key={term} type={type} types={types} term={term} />;
}

function Search({ type, types, term }: { type: SearchType; types: SearchType[]; term: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [value, setValue] = useState(term);
  const enabled = term.length >= SUPERSEARCH_MIN_CHARS;
  const queries = useSearches(types, term, { enabled, showAll: true });
  const current = queries[types.indexOf(type)];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) void navigate(searchPath(type, value.trim()));
  };
  const tabLabel = (ty: SearchType, i: number) => {
    const label = t(SEARCH_TYPE_INFO[ty].label);
    const q = queries[i];
    if (!enabled || !q) return label;
    if (q.isError) return t('search.tab_error', { label });
    if (!q.data) return label;
    return t(hasMore(q.data) ? 'search.tab_count_more' : 'search.tab_count', { label, count: q.data.results.length });
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
        ) : (
          <Tabs value={type} onChange={(v) => v && isSearchType(v) && void navigate(searchPath(v, term), { state: KEEP_FOCUS })}>
            <Tabs.List aria-label={t('search.tabs')}>
              {types.map((ty, i) => (
                <Tabs.Tab value={ty} key={ty} data-testid={`search-tab-${ty}`}>
                  {tabLabel(ty, i)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value={type} pt="md">
              {current?.isError ? (
                <ErrorBanner error={current.error} onRetry={() => void current.refetch()} />
              ) : !current?.data ? (
                <LoadingSkeleton height={120} />
              ) : (
                <Results type={type} reply={current.data} />
              )}
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </>
  );
}

function Results({ type, reply }: { type: SearchType; reply: AnySearchReply }) {
  const { t } = useTranslation();
  const count = reply.results.length;
  return (
    <Stack gap="sm">
      <Text fw={700} role="status" data-testid="search-count">
        {hasMore(reply) ? t('member_list.search_count_more', { count }) : type === 'members' ? t('member_list.search_count', { count }) : t('search.count', { count })}
      </Text>
      {count === 0 ? null : type === 'members' ? <MemberResults reply={reply as SearchReplies['members']} /> : <HitTable type={type} reply={reply} />}
    </Stack>
  );
}

function MemberResults({ reply }: { reply: SearchReplies['members'] }) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const { model } = useListModel();
  const columns = (model?.columns ?? []).filter((c) => c.name === 'email' || c.name === 'phone');
  return (
    <PagedMemberTable
      label={t('member_list.search_results_table')}
      rows={reply.results as MemberRow[]}
      columns={columns}
      sort={null}
      onSort={null}
      nameHref={(row) => (canOpen(user, PATHS.memberEdit) ? memberEditPath(row.id) : canOpen(user, PATHS.memberHistory) ? memberHistoryPath(row.id) : null)}
      actions={(row) => <MemberRowMenu row={row} onDelete={null} />}
    />
  );
}

/** Invoices, announcements and update requests: the title links to the item, the type's columns follow. */
function HitTable({ type, reply }: { type: SearchType; reply: AnySearchReply }) {
  const { t } = useTranslation();
  const { user } = useCurrentSession();
  const info = SEARCH_TYPE_INFO[type];
  const hits = searchHits(type, reply, user, t);
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label={t('search.table', { label: t(info.label) })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('search.col_hit')}</Table.Th>
            {info.columns.map((c) => (
              <Table.Th scope="col" key={c}>
                {t(c)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {hits.map((hit) => (
            <Table.Tr key={hit.key}>
              <Table.Td>
                {hit.path ? (
                  <Anchor component={Link} to={hit.path}>
                    {hit.title}
                  </Anchor>
                ) : (
                  hit.title
                )}
              </Table.Td>
              {hit.cells.map((cell, i) => (
                <Table.Td key={info.columns[i]} style={{ whiteSpace: i > 0 ? 'nowrap' : undefined }}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
