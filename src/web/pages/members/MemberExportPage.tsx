import { Alert, Anchor, Button, Checkbox, Group, List, Paper, Radio, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Filter } from '../../../shared/filter/types';
import { type ExportFormat, isExportFormat, PD_EXPORT_COLUMNS, PD_EXPORT_FORMAT, requestExport, startDownload } from '../../api/memberExport';
import { useBulkGet } from '../../api/membersList';
import { useSetPersistentData } from '../../api/session';
import { useCurrentSession } from '../../auth/SessionContext';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useGuardedSubmit } from '../../components/useGuardedSubmit';
import { isRegistered } from '../../access';
import { PATHS } from '../../paths';
import {
  type ExportColumn,
  exportColumns,
  type ExportSection,
  inChooserOrder,
  type MemberStateColumn,
  storedExportColumns,
} from './exportColumns';
import { describeFilter } from './filterLabels';
import { FilterPage } from './FilterPage';
import { membersListPath } from './listPaths';
import type { ListModel } from './useListModel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';

// Member export (/member_export/{filter}): how many members
// the filter gives, which columns and which format, then the download: the page asks for
// a single-use address (the filter in a POST body, never in a URL) and the browser saves the
// file the server streams from it, however large. A refusal shows in the banner.

/** `/member_export/{filter}` */
export function MemberExportPage() {
  const { t } = useTranslation();
  return (
    <FilterPage title={t('member_export.page')} badFilter={t('member_export.bad_filter')}>
      {(model, filter) => <Exporter model={model} filter={filter} />}
    </FilterPage>
  );
}

function Exporter({ model, filter }: { model: ListModel; filter: Filter }) {
  const { t } = useTranslation();
  const { persistent_data: stored } = useCurrentSession();
  const remember = useSetPersistentData();
  const scope = useBulkGet(filter, true);
  const scopeTitleId = useId();
  const columnsTitleId = useId();
  const statusId = useId();
  const failureId = useId();

  const stateLabel = (column: MemberStateColumn): string => {
    switch (column) {
      case 'active':
        return t('member_export.col_active');
      case 'board':
        return t('member_export.col_board');
      case 'site_admin':
        return t('member_export.col_site_admin');
      case 'created_at':
        return t('member_export.col_created_at');
      case 'member_since':
        return t('member_export.col_member_since');
      case 'federation_ref':
        return t('member_export.col_federation_ref');
    }
  };
  const available = exportColumns(model.fields, model.groups, stateLabel);
  // Until the admin touches the choice, it is the remembered one (or email and phone).
  const [picked, setPicked] = useState<string[] | null>(null);
  const [pickedFormat, setFormat] = useState<ExportFormat | null>(null);
  const [started, setStarted] = useState(false);
  const chosen = picked ?? storedExportColumns(stored[PD_EXPORT_COLUMNS], available);
  const format: ExportFormat = pickedFormat ?? (isExportFormat(stored[PD_EXPORT_FORMAT]) ? stored[PD_EXPORT_FORMAT] : 'xlsx');

  const count = scope.data?.count ?? null;
  const lines = describeFilter(t, filter, model.filterFields);
  const [failure, setFailure] = useState<unknown>(null);
  // A refusal takes focus to its banner (the button stays where it was for a retry).
  useEffect(() => {
    if (failure) document.getElementById(failureId)?.focus();
  }, [failure, failureId]);

  const choose = (columns: string[]) => {
    setPicked(inChooserOrder(columns, available));
    setStarted(false);
    setFailure(null);
  };
  const toggle = (name: string, on: boolean) => choose(on ? [...chosen, name] : chosen.filter((c) => c !== name));

  const download = useGuardedSubmit(async () => {
    setStarted(false);
    setFailure(null);
    try {
      const { url } = await requestExport(filter, chosen, format);
      startDownload(url);
      setStarted(true);
      // Remembered for next time; the download itself does not wait for it.
      remember.mutate({ key: PD_EXPORT_COLUMNS, val: chosen });
      remember.mutate({ key: PD_EXPORT_FORMAT, val: format });
    } catch (error) {
      setFailure(error);
    }
  });

  const sections: { section: ExportSection; title: string }[] = [
    { section: 'fixed', title: t('member_export.section_fixed') },
    { section: 'custom', title: t('member_export.section_custom') },
    { section: 'group', title: t('member_export.section_groups') },
    { section: 'member', title: t('member_export.section_member') },
  ];

  return (
    <Stack gap="lg" maw={860}>
      <Paper withBorder p="md" component="section" aria-labelledby={scopeTitleId}>
        <Title order={2} size="h4" mb="xs" id={scopeTitleId}>
          {t('member_export.scope_title')}
        </Title>
        {scope.isError ? (
          <ErrorBanner error={scope.error} onRetry={() => void scope.refetch()} />
        ) : count === null ? (
          <LoadingSkeleton height={24} width="40%" />
        ) : (
          <Text fw={700} size="lg" data-testid="export-count">
            {t('member_export.count', { count })}
          </Text>
        )}
        {lines.length > 0 ? (
          <List size="sm" mt="xs" data-testid="export-filter">
            {lines.map((line, i) => (
              <List.Item key={`${String(i)}-${line}`}>{line}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" mt="xs">
            {t('member_export.no_filter')}
          </Text>
        )}
        <Text size="sm" mt="xs" c="dimmed">
          {t('member_export.scope_note')}
        </Text>
      </Paper>

      <Stack component="section" gap="sm" aria-labelledby={columnsTitleId}>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} size="h3" id={columnsTitleId}>
            {t('member_export.columns_title')}
          </Title>
          <Group gap="xs">
            <Button variant="subtle" size="compact-sm" onClick={() => choose(available.map((c) => c.name))}>
              {t('member_export.select_all')}
            </Button>
            <Button variant="subtle" size="compact-sm" onClick={() => choose([])}>
              {t('member_export.select_none')}
            </Button>
          </Group>
        </Group>
        <Text size="sm">{t('member_export.columns_always')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
          {sections.map(({ section, title }) => (
            <ColumnSection
              key={section}
              title={title}
              columns={available.filter((c) => c.section === section)}
              chosen={chosen}
              onToggle={toggle}
            />
          ))}
        </SimpleGrid>
        <Text size="sm" aria-live="polite" data-testid="export-chosen">
          {t('member_export.chosen_count', { count: chosen.length + 3 })}
        </Text>
      </Stack>

      <Radio.Group
        value={format}
        onChange={(value) => {
          if (isExportFormat(value)) setFormat(value);
          setStarted(false);
          setFailure(null);
        }}
        label={
          <Title order={2} size="h3">
            {t('member_export.format_title')}
          </Title>
        }
      >
        <Stack gap="sm" mt="sm">
          <Radio value="xlsx" label={t('member_export.format_xlsx')} description={t('member_export.format_xlsx_help')} />
          <Radio value="csv" label={t('member_export.format_csv')} description={t('member_export.format_csv_help')} />
        </Stack>
      </Radio.Group>

      <Stack gap="xs" align="flex-start">
        {failure ? (
          <div id={failureId} tabIndex={-1} style={{ outline: 'none', alignSelf: 'stretch' }} data-testid="export-error">
            <ErrorBanner error={failure} />
          </div>
        ) : null}
        {count === 0 ? (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />}>
            {t('member_export.nothing')}{' '}
            {isRegistered(PATHS.members) ? (
              <Anchor component={Link} to={membersListPath(filter)} fz="inherit">
                {t('member_export.change_filter')}
              </Anchor>
            ) : null}
          </Alert>
        ) : (
          <Button
            size="md"
            leftSection={<IconDownload size={20} aria-hidden />}
            onClick={() => void download.run()}
            // Not `loading`: that disables the button and focus would fall to the page body.
            aria-busy={download.pending}
            aria-describedby={statusId}
            data-testid="export-download"
          >
            {format === 'xlsx' ? t('member_export.download_xlsx') : t('member_export.download_csv')}
          </Button>
        )}
        {count === 0 ? null : (
          <Text size="sm" id={statusId} role="status" aria-live="polite">
            {started ? t('member_export.started') : t('member_export.large_note')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

interface ColumnSectionProps {
  title: string;
  columns: readonly ExportColumn[];
  chosen: readonly string[];
  onToggle: (name: string, on: boolean) => void;
}

function ColumnSection({ title, columns, chosen, onToggle }: ColumnSectionProps) {
  if (columns.length === 0) return null;
  return (
    <Stack component="fieldset" gap={6} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} size="sm" mb={4}>
        {title}
      </Text>
      {columns.map((c) => (
        <Checkbox key={c.name} label={c.label} checked={chosen.includes(c.name)} onChange={(e) => onToggle(c.name, e.currentTarget.checked)} />
      ))}
    </Stack>
  );
}
