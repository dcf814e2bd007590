import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorBanner } from './ErrorBanner';
import { Pager } from './Pager';
import { RowsSkeleton } from './RowsSkeleton';
import { ScrollTable } from './ScrollTable';

// The frame every paged list page shares: an error banner with retry, placeholder rows while
// the first page loads, the empty state, and the striped table in a scroll region that the
// keyboard can scroll too (a phone shows wide tables sideways), with the pager under it. The
// page keeps its own columns and rows.

const PAGE_PARAM = 'sivu';

/** The 1-based page in `?sivu=` (absent on page 1), and a setter that keeps the other parameters. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get(PAGE_PARAM) ?? '1')) || 1);
  const setPage = (value: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 1) next.delete(PAGE_PARAM);
        else next.set(PAGE_PARAM, String(value));
        return next;
      },
      { preventScrollReset: true },
    );
  return [page, setPage];
}

interface PagedTableProps {
  /** Names the table, the empty state and the table for tests: `{testId}-table`, `{testId}-empty`. */
  testId: string;
  /** Accessible name of the table and of its scroll region. */
  label: string;
  /** Shown above the table as its caption (then it names the table). */
  caption?: string;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  /** Null until the first page has arrived. */
  rowCount: number | null;
  empty: ReactNode;
  /** The header row's cells. */
  head: ReactNode;
  /** The body's rows. */
  children: ReactNode;
  minWidth: number;
  highlightOnHover?: boolean;
  /** 1-based. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

export function PagedTable({ testId, label, caption, query, rowCount, empty, head, children, minWidth, highlightOnHover = true, page, pages, onPage }: PagedTableProps) {
  if (query.isError) return <ErrorBanner error={query.error} onRetry={() => void query.refetch()} />;
  if (rowCount === null) return <RowsSkeleton />;
  if (rowCount === 0) {
    return (
      <Paper withBorder p="xl" data-testid={`${testId}-empty`}>
        {empty}
      </Paper>
    );
  }
  return (
    <>
      <ScrollTable label={label} caption={caption} minWidth={minWidth} testId={`${testId}-table`} head={head} spacing="sm" highlightOnHover={highlightOnHover}>
        {children}
      </ScrollTable>
      <Pager pages={pages} page={page} onChange={onPage} />
    </>
  );
}
