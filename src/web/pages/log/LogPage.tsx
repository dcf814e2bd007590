import { Anchor, Button, Group, NativeSelect, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconFilter, IconX } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { LOG_EVENT_GROUPS, LOG_EVENTS, LOG_PAGE_SIZE, type LogEvent, type LogEventGroup } from '../../../shared/constants';
import { formatFinnishDate, parseFinnishDate, parseIsoDate } from '../../../shared/finnish/date';
import { useLog } from '../../api/log';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { fieldMessageText } from '../../i18n/messages';
import { LogChanges } from './LogChanges';
import { LogMoneyNav } from './LogMoneyNav';
import { useLogLabels } from './useLogLabels';
import { Pager } from '../../components/Pager';
import { RowsSkeleton } from '../../components/RowsSkeleton';
import { logEntryPath } from '../../paths';

// `/log`: every entry newest first, 20 a page, with the
// date, event, context, author and changed values; filters by event and by days.
// Filters and page live in the address, so the back button and links keep them.

const P = { event: 'tapahtuma', from: 'alkaen', to: 'asti', page: 'sivu' } as const;
const GROUP_PREFIX = 'ryhma:';

/** The event filter's value: one event, or every event of a group ("ryhma:members"). */
function eventsOf(value: string | null): LogEvent[] {
  if (!value) return [];
  if (value.startsWith(GROUP_PREFIX)) {
    const group = value.slice(GROUP_PREFIX.length);
    return Object.hasOwn(LOG_EVENT_GROUPS, group) ? [...LOG_EVENT_GROUPS[group as LogEventGroup]] : [];
  }
  return (LOG_EVENTS as readonly string[]).includes(value) ? [value as LogEvent] : [];
}

const isoOrUndefined = (value: string | null) => (value && parseIsoDate(value) ? value : undefined);

interface FilterValues {
  /** An event, "ryhma:<group>", or '' for all. */
  event: string;
  /** ISO days in the address; typed d.M.yyyy in the form. */
  from: string;
  to: string;
}

export function LogPage() {
  const { t } = useTranslation();
  const labels = useLogLabels();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get(P.page) ?? '1') - 1) || 0;
  const eventValue = eventsOf(params.get(P.event)).length > 0 ? (params.get(P.event) ?? '') : '';
  const from = isoOrUndefined(params.get(P.from));
  const to = isoOrUndefined(params.get(P.to));
  const filtered = eventValue !== '' || from !== undefined || to !== undefined;
  const list = useLog({ page, events: eventsOf(eventValue), from, to });

  const applyFilters = (next: FilterValues) => {
    const search = new URLSearchParams();
    if (next.event) search.set(P.event, next.event);
    if (next.from) search.set(P.from, next.from);
    if (next.to) search.set(P.to, next.to);
    setParams(search);
  };
  const clear = () => applyFilters({ event: '', from: '', to: '' });

  const setPage = (value: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 1) next.delete(P.page);
        else next.set(P.page, String(value));
        return next;
      },
      { preventScrollReset: true },
    );

  const data = list.data;
  const total = data?.all_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / LOG_PAGE_SIZE));
  // The entry page's back link returns to this page of this filter.
  const back = { back: `${location.pathname}${location.search}` };

  return (
    <>
      <PageHeader title={t('log.page')} />
      <LogMoneyNav />
      <Stack gap="md">
        <Text maw={760}>{t('log.intro')}</Text>

        <LogFilters
          // A new address (back button, "Tyhjennä") starts the form over from it.
          key={`${eventValue}|${from ?? ''}|${to ?? ''}`}
          initial={{ event: eventValue, from: from ? formatFinnishDate(from) : '', to: to ? formatFinnishDate(to) : '' }}
          filtered={filtered}
          onApply={applyFilters}
          onClear={clear}
        />

        {data ? (
          <Text fw={600} data-testid="log-count" aria-live="polite">
            {t('log.count', { count: total })}
          </Text>
        ) : null}

        {list.isError ? (
          <ErrorBanner error={list.error} onRetry={() => void list.refetch()} />
        ) : !data ? (
          <RowsSkeleton />
        ) : data.all_results.length === 0 ? (
          <Paper withBorder p="xl" data-testid="log-empty">
            <Stack gap="sm" align="flex-start">
              <Text>{filtered ? t('log.empty_filtered') : t('log.empty')}</Text>
              {filtered ? (
                <Button variant="default" onClick={clear} leftSection={<IconX size={18} aria-hidden />}>
                  {t('log.filter_clear')}
                </Button>
              ) : null}
            </Stack>
          </Paper>
        ) : (
          <>
            <Table.ScrollContainer minWidth={860}>
              <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('log.table')} data-testid="log-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('log.col_time')}</Table.Th>
                    <Table.Th scope="col">{t('log.col_event')}</Table.Th>
                    <Table.Th scope="col">{t('log.col_context')}</Table.Th>
                    <Table.Th scope="col">{t('log.col_author')}</Table.Th>
                    <Table.Th scope="col">{t('log.col_data')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.all_results.map((entry) => {
                    const time = labels.time(entry.at);
                    const event = labels.event(entry);
                    return (
                      <Table.Tr key={entry.id} data-testid="log-row">
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <Anchor component={Link} to={logEntryPath(entry.id)} state={back} aria-label={t('log.open_entry', { time, event })}>
                            {time}
                          </Anchor>
                        </Table.Td>
                        <Table.Th scope="row" fw={600}>
                          {event}
                        </Table.Th>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{labels.context(entry)}</Table.Td>
                        <Table.Td>{labels.author(entry)}</Table.Td>
                        <Table.Td maw={420}>
                          <LogChanges entry={entry} labels={labels} />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager pages={pages} page={page + 1} onChange={setPage} />
          </>
        )}
      </Stack>
    </>
  );
}

/** Event and day filters; "Rajaa" checks the days and puts the filters in the address. */
function LogFilters({
  initial,
  filtered,
  onApply,
  onClear,
}: {
  initial: FilterValues;
  filtered: boolean;
  onApply: (next: FilterValues) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);

  const eventOptions = [
    { value: '', label: t('log.filter_event_all') },
    ...(Object.keys(LOG_EVENT_GROUPS) as LogEventGroup[]).map((group) => {
      const groupLabel = t(`log.group.${group}`);
      return {
        group: groupLabel,
        items: [
          { value: `${GROUP_PREFIX}${group}`, label: t('log.filter_group_all', { group: groupLabel }) },
          ...LOG_EVENT_GROUPS[group].map((event) => ({ value: event, label: t(`log.event.${event}`) })),
        ],
      };
    }),
  ];

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const fromIso = draft.from.trim() === '' ? '' : parseFinnishDate(draft.from);
    const toIso = draft.to.trim() === '' ? '' : parseFinnishDate(draft.to);
    const next: typeof errors = {};
    if (fromIso === null) next.from = fieldMessageText('_validation_date_invalid');
    if (toIso === null) next.to = fieldMessageText('_validation_date_invalid');
    else if (fromIso && toIso && fromIso > toIso) next.to = fieldMessageText('log_date_range_reversed');
    setErrors(next);
    if (next.from) return fromRef.current?.focus();
    if (next.to) return toRef.current?.focus();
    onApply({ event: draft.event, from: fromIso ?? '', to: toIso ?? '' });
  };

  return (
    <Paper component="form" withBorder p="md" onSubmit={apply} role="search" aria-label={t('log.filter_title')} noValidate>
      <Group align="flex-start" gap="md" wrap="wrap">
        <NativeSelect
          label={t('log.filter_event')}
          data={eventOptions}
          value={draft.event}
          onChange={(e) => setDraft({ ...draft, event: e.currentTarget.value })}
          miw={260}
        />
        <TextInput
          ref={fromRef}
          label={t('log.filter_from')}
          description={t('log.filter_date_help')}
          value={draft.from}
          onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
          error={errors.from}
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          w={200}
        />
        <TextInput
          ref={toRef}
          label={t('log.filter_to')}
          description={t('log.filter_date_help')}
          value={draft.to}
          onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
          error={errors.to}
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          w={200}
        />
      </Group>
      <Group gap="sm" mt="md">
        <Button type="submit" leftSection={<IconFilter size={18} aria-hidden />}>
          {t('log.filter_apply')}
        </Button>
        {filtered ? (
          <Button variant="default" onClick={onClear} leftSection={<IconX size={18} aria-hidden />}>
            {t('log.filter_clear')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
