import { Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberRow } from '../../../shared/schemas/members';
import { fetchResults, type ResultsParams, resultsKey, type ResultsReply } from '../../api/membersList';
import { useIsPhone } from '../../layout/useIsPhone';
import { CardSort, MemberCard, MemberCardPlaceholder } from './MemberCards';
import type { ColumnDef, Sort } from './memberColumns';
import { Cells, CHUNK_SIZE, chunkParams, Head, type RowLinks } from './MemberTable';
import classes from './members.module.css';

// "Everyone" in the member list: a virtualised body that renders only the rows in view and
// fetches them in chunks (smooth at 100 000 members). Its own chunk: the list loads it (and
// the virtualiser) only when a user picks "everyone".

/** Fixed row height of the virtualised list, so the scroll range is known before rows load. */
const ROW_HEIGHT = 41;
/** First guess of a card's height on a phone; cards are measured once shown. */
const CARD_HEIGHT = 96;

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
