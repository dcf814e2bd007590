import { Anchor, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberRow } from '../../../shared/schemas/members';
import type { ResultsParams } from '../../api/membersList';
import { useIsPhone } from '../../layout/useIsPhone';
import { CardSort, MemberCardList } from './MemberCards';
import { type ColumnDef, formatCell, NAME_SORT_FIELD, type Sort } from './memberColumns';
import classes from './members.module.css';
import { usePhoneFormat } from './phoneDisplay';

// The member table: name plus chosen columns, sortable headers (aria-sort), and one page
// of rows. "Everyone" is VirtualMemberTable.tsx, loaded only when it is chosen.

/** Rows per get_results call of the virtualised list (the server allows up to 1000). */
export const CHUNK_SIZE = 100;

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

export function Head({ columns, sort, onSort, withActions }: HeadProps) {
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

export function Cells({ row, columns, links }: { row: MemberRow; columns: readonly ColumnDef[]; links: RowLinks }) {
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

export const chunkParams = (params: Omit<ResultsParams, 'offset' | 'limit'>, chunk: number): ResultsParams => ({
  ...params,
  offset: chunk * CHUNK_SIZE,
  limit: CHUNK_SIZE,
});
