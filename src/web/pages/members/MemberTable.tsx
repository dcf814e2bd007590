import { Anchor, Group, Skeleton, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberRow } from '../../../shared/schemas/members';
import { fetchResults, type ResultsParams, resultsKey, type ResultsReply } from '../../api/membersList';
import { useIsPhone } from '../../layout/useIsPhone';
import { CardSort, MemberCard, MemberCardList, MemberCardPlaceholder } from './MemberCards';
import { type ColumnDef, formatCell, NAME_SORT_FIELD, type Sort } from './memberColumns';
import classes from './members.module.css';
import { usePhoneFormat } from './phoneDisplay';

// The member table: name plus chosen columns, sortable headers (aria-sort), and
// either one page of rows or, for "everyone", a virtualised body that renders only
// the rows in view and fetches them in chunks (smooth at 100 000 members).

/** Rows per get_results call of the virtualised list (the server allows up to 1000). */
export const CHUNK_SIZE = 100;
/** Fixed row height of the virtualised list, so the scroll range is known before rows load. */
const ROW_HEIGHT = 41;
/** First guess of a card's height on a phone; cards are measured once shown. */
const CARD_HEIGHT = 96;

export interface RowLinks {
  /** Where the name links to (the edit page for admins, history for the board), or null for plain text. */
  nameHref: (row: MemberRow) => string | null;
  /** The last cell: a row menu or buttons. */
  actions?: (row: MemberRow) => ReactNode;
}

interface HeadProps {
  columns: readonly ColumnDef[];
  sort: Sort | null;
  onSort: ((field: string) => void) | null;
  withActions: boolean;
}

function SortIcon({ active, dir }: { active: boolean; dir: 'asc' | 'desc' }) {
  if (!active) return <IconArrowsSort size={14} aria-hidden className={classes.sortIdle} />;
  return dir === 'asc' ? <IconSortAscending size={16} aria-hidden /> : <IconSortDescending size={16} aria-hidden />;
}

function HeaderCell({ label, field, sort, onSort }: { label: string; field: string; sort: Sort | null; onSort: HeadProps['onSort'] }) {
  const { t } = useTranslation();
  const active = sort?.field === field;
  const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined;
  if (!onSort) return <Table.Th>{label}</Table.Th>;
  return (
    <Table.Th aria-sort={ariaSort} className={classes.th}>
      <UnstyledButton onClick={() => onSort(field)} className={classes.sortButton} title={t('member_list.sort_by', { label })}>
        <Group gap={4} wrap="nowrap">
          <span>{label}</span>
          <SortIcon active={active} dir={sort?.dir ?? 'asc'} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function Head({ columns, sort, onSort, withActions }: HeadProps) {
  const { t } = useTranslation();
  return (
    <Table.Thead>
      <Table.Tr aria-rowindex={1}>
        <HeaderCell label={t('member_list.col_name')} field={NAME_SORT_FIELD} sort={sort} onSort={onSort} />
        {columns.map((c) => (
          <HeaderCell key={c.name} label={c.label} field={c.name} sort={sort} onSort={onSort} />
        ))}
        {withActions ? (
          <Table.Th w={64}>
            <VisuallyHidden>{t('member_list.col_actions')}</VisuallyHidden>
          </Table.Th>
        ) : null}
      </Table.Tr>
    </Table.Thead>
  );
}

function Cells({ row, columns, links }: { row: MemberRow; columns: readonly ColumnDef[]; links: RowLinks }) {
  const { t } = useTranslation();
  usePhoneFormat();
  const texts = { yes: t('member_list.yes'), no: t('member_list.no') };
  const href = links.nameHref(row);
  const name = row.fullname_ || t('member_list.no_name');
  return (
    <>
      <Table.Td className={classes.cell}>
        {href ? (
          <Anchor component={Link} to={href} fw={500}>
            {name}
          </Anchor>
        ) : (
          <Text span fw={500}>
            {name}
          </Text>
        )}
      </Table.Td>
      {columns.map((c) => (
        <Table.Td key={c.name} className={classes.cell}>
          {formatCell(c, row[c.name], texts)}
        </Table.Td>
      ))}
      {links.actions ? <Table.Td className={classes.cell}>{links.actions(row)}</Table.Td> : null}
    </>
  );
}

interface PagedTableProps extends RowLinks {
  label: string;
  rows: readonly MemberRow[];
  columns: readonly ColumnDef[];
  sort: Sort | null;
  onSort: ((field: string) => void) | null;
  /** Index of the first row in the whole result, for aria-rowindex. */
  firstIndex?: number;
  total?: number;
}

/** One page of members (or search hits) as a plain table, or as cards on a phone. */
export function PagedMemberTable({ label, rows, columns, sort, onSort, nameHref, actions, firstIndex = 0, total }: PagedTableProps) {
  const links = { nameHref, actions };
  const phone = useIsPhone();
  if (phone) {
    return (
      <>
        {sort && onSort ? <CardSort columns={columns} sort={sort} onSort={onSort} /> : null}
        <MemberCardList label={label} rows={rows} columns={columns} nameHref={nameHref} actions={actions} />
      </>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" highlightOnHover aria-label={label} aria-rowcount={total === undefined ? undefined : total + 1} data-testid="members-table">
        <Head columns={columns} sort={sort} onSort={onSort} withActions={actions !== undefined} />
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={row.id} aria-rowindex={firstIndex + i + 2} data-member-id={row.id}>
              <Cells row={row} columns={columns} links={links} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface VirtualTableProps extends RowLinks {
  label: string;
  /** The list query without paging; chunks are fetched with offset/limit. */
  params: Omit<ResultsParams, 'offset' | 'limit'>;
  /** The first chunk, fetched by the page (it also gives the count). */
  head: ResultsReply;
  columns: readonly ColumnDef[];
  sort: Sort;
  onSort: (field: string) => void;
}

export const chunkParams = (params: Omit<ResultsParams, 'offset' | 'limit'>, chunk: number): ResultsParams => ({
  ...params,
  offset: chunk * CHUNK_SIZE,
  limit: CHUNK_SIZE,
});

/**
 * Every matching member in one scrolling table: only the rows in view (plus a few)
 * are in the DOM, and rows are fetched CHUNK_SIZE at a time as they come into view.
 * Rows not yet loaded show a placeholder of the same height.
 */
export function VirtualMemberTable(props: VirtualTableProps) {
  return useIsPhone() ? <VirtualMemberCards {...props} /> : <VirtualRows {...props} />;
}

/** The rows in view of a virtualised list, fetched CHUNK_SIZE at a time; undefined while loading. */
function useChunkedRows(params: VirtualTableProps['params'], head: ResultsReply, indexes: readonly number[]): (index: number) => MemberRow | undefined {
  const chunks = [...new Set(indexes.map((index) => Math.floor(index / CHUNK_SIZE)))].filter((c) => c > 0);
  const loaded = useQueries({
    queries: chunks.map((chunk) => {
      const p = chunkParams(params, chunk);
      return { queryKey: resultsKey(p), queryFn: () => fetchResults(p), staleTime: 30_000 };
    }),
  });
  return (index: number): MemberRow | undefined => {
    const chunk = Math.floor(index / CHUNK_SIZE);
    const data = chunk === 0 ? head : loaded[chunks.indexOf(chunk)]?.data;
    return data?.results[index - chunk * CHUNK_SIZE];
  };
}

/**
 * "Everyone": a virtualised window over the whole result, fetched in chunks as it scrolls;
 * a new filter or sort starts from the top. Shared by the table and the phone's cards.
 */
function useVirtualMembers(params: VirtualTableProps['params'], head: VirtualTableProps['head'], estimate: number, overscan: number) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const total = head.stats.result_count;
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan,
  });
  const items = virtualizer.getVirtualItems();
  const rowAt = useChunkedRows(params, head, items.map((item) => item.index));
  const paramsKey = JSON.stringify(params);
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [paramsKey]);
  return { scrollRef, virtualizer, items, rowAt, total };
}

function VirtualRows({ label, params, head, columns, sort, onSort, nameHref, actions }: VirtualTableProps) {
  const { t } = useTranslation();
  const { scrollRef, virtualizer, items, rowAt, total } = useVirtualMembers(params, head, ROW_HEIGHT, 8);

  const links = { nameHref, actions };
  const colSpan = columns.length + 1 + (actions ? 1 : 0);
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;

  return (
    <div
      ref={scrollRef}
      className={classes.virtualScroll}
      tabIndex={0}
      role="region"
      aria-label={t('member_list.virtual_region', { label })}
      data-testid="members-virtual-scroll"
    >
      <Table verticalSpacing="xs" highlightOnHover stickyHeader aria-label={label} aria-rowcount={total + 1} data-testid="members-table">
        <Head columns={columns} sort={sort} onSort={onSort} withActions={actions !== undefined} />
        <Table.Tbody>
          {paddingTop > 0 ? (
            <tr aria-hidden style={{ height: paddingTop }}>
              <td colSpan={colSpan} className={classes.spacer} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rowAt(item.index);
            return row ? (
              <Table.Tr key={item.key} aria-rowindex={item.index + 2} data-member-id={row.id} style={{ height: ROW_HEIGHT }}>
                <Cells row={row} columns={columns} links={links} />
              </Table.Tr>
            ) : (
              <Table.Tr key={item.key} aria-rowindex={item.index + 2} style={{ height: ROW_HEIGHT }}>
                <Table.Td colSpan={colSpan}>
                  <Skeleton height={16} aria-hidden />
                  <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {paddingBottom > 0 ? (
            <tr aria-hidden style={{ height: paddingBottom }}>
              <td colSpan={colSpan} className={classes.spacer} />
            </tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** "Everyone" on a phone: the same chunked, virtualised list, as cards of measured height. */
function VirtualMemberCards({ label, params, head, columns, sort, onSort, nameHref, actions }: VirtualTableProps) {
  const { t } = useTranslation();
  const { scrollRef, virtualizer, items, rowAt, total } = useVirtualMembers(params, head, CARD_HEIGHT, 4);
  const links = { nameHref, actions };

  return (
    <>
      <CardSort columns={columns} sort={sort} onSort={onSort} />
      <div
        ref={scrollRef}
        className={classes.virtualScroll}
        tabIndex={0}
        role="region"
        aria-label={t('member_list.virtual_region', { label })}
        data-testid="members-virtual-scroll"
      >
        <ul aria-label={label} className={classes.cardList} style={{ position: 'relative', height: virtualizer.getTotalSize() }} data-testid="members-cards">
          {items.map((item) => {
            const row = rowAt(item.index);
            return (
              <li
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-setsize={total}
                aria-posinset={item.index + 1}
                className={classes.virtualCard}
                style={{ transform: `translateY(${String(item.start)}px)` }}
              >
                {row ? <MemberCard row={row} columns={columns} links={links} /> : <MemberCardPlaceholder />}
              </li>
            );
          })}
        </ul>
      </div>
    </>
  );
}
