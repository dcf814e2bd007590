import { ActionIcon, Anchor, Group, NativeSelect, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberRow } from '../../../shared/schemas/members';
import { type ColumnDef, formatCell, NAME_SORT_FIELD, type Sort } from './memberColumns';
import type { RowLinks } from './MemberTable';
import classes from './members.module.css';
import { usePhoneFormat } from './phoneDisplay';

// The member list on a phone: a compact card per member instead of a wide
// table — the name (a link), the chosen columns' values as a description list, and the
// row menu. A list of cards is read as a list ("Jäsenlista, 20 kohdetta"), and the tab
// order is name link, menu button, next card.

/** One member as a card; `index` is the row's place in the whole result (for "n / total"). */
export function MemberCard({ row, columns, links }: { row: MemberRow; columns: readonly ColumnDef[]; links: RowLinks }) {
  const { t } = useTranslation();
  usePhoneFormat();
  const texts = { yes: t('member_list.yes'), no: t('member_list.no') };
  const href = links.nameHref(row);
  const name = row.fullname_ || t('member_list.no_name');
  // Empty values are left out: the card stays short, and an empty line says nothing.
  const shown = columns.map((c) => ({ column: c, text: formatCell(c, row[c.name], texts) })).filter((c) => c.text !== '');
  return (
    <div className={classes.card} data-member-id={row.id} data-testid="member-card">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        {href ? (
          <Anchor component={Link} to={href} fw={600} className={classes.cardName}>
            {name}
          </Anchor>
        ) : (
          <Text fw={600} className={classes.cardName}>
            {name}
          </Text>
        )}
        {links.actions ? links.actions(row) : null}
      </Group>
      {shown.length > 0 ? (
        <dl className={classes.cardValues}>
          {shown.map(({ column, text }) => (
            <div key={column.name} className={classes.cardValue}>
              <dt>{column.label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

interface CardListProps extends RowLinks {
  label: string;
  rows: readonly MemberRow[];
  columns: readonly ColumnDef[];
}

/** One page of members as cards. */
export function MemberCardList({ label, rows, columns, nameHref, actions }: CardListProps) {
  const links = { nameHref, actions };
  return (
    <ul aria-label={label} className={classes.cardList} data-testid="members-cards">
      {rows.map((row) => (
        <li key={row.id}>
          <MemberCard row={row} columns={columns} links={links} />
        </li>
      ))}
    </ul>
  );
}

/** A card not loaded yet in the "everyone" list. */
export function MemberCardPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className={classes.card}>
      <Skeleton height={16} width="60%" aria-hidden />
      <Skeleton height={12} mt={8} width="80%" aria-hidden />
      <VisuallyHidden>{t('app.loading')}</VisuallyHidden>
    </div>
  );
}

/**
 * Sorting without column headers: the field to sort by, and a button that turns the
 * order around (the table's header buttons do both on wider screens).
 */
export function CardSort({ columns, sort, onSort }: { columns: readonly ColumnDef[]; sort: Sort; onSort: (field: string) => void }) {
  const { t } = useTranslation();
  const fields = [{ value: NAME_SORT_FIELD, label: t('member_list.col_name') }, ...columns.map((c) => ({ value: c.name, label: c.label }))];
  const descending = sort.dir === 'desc';
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <NativeSelect label={t('member_list.card_sort')} value={sort.field} data={fields} onChange={(e) => onSort(e.currentTarget.value)} style={{ flex: 1 }} />
      <ActionIcon
        variant="default"
        size="input-sm"
        onClick={() => onSort(sort.field)}
        aria-label={t('member_list.card_sort_desc')}
        aria-pressed={descending}
      >
        {descending ? <IconSortDescending size={18} aria-hidden /> : <IconSortAscending size={18} aria-hidden />}
      </ActionIcon>
    </Group>
  );
}
