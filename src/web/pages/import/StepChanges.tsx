import { Alert, Badge, Checkbox, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportFieldChange, ImportRowChanges } from '../../api/importer';

// The dry run's list of what the import changes in members already in the register:
// old → new per field, and the rows whose name differs from the matched
// member's ("possibly a different person"), each with its own confirmation.

interface StepChangesProps {
  changes: readonly ImportRowChanges[];
  /** How many rows change a member in all (the list may hold only the first ones). */
  total: number;
  confirmed: ReadonlySet<number>;
  onConfirm: (row: number, on: boolean) => void;
  disabled: boolean;
}

function ChangeTable({ row }: { row: ImportRowChanges }) {
  const { t } = useTranslation();
  const shown = (v: ImportFieldChange['old']) =>
    v === null ? (
      <Text span c="dimmed" size="sm">
        {t('import.value_empty')}
      </Text>
    ) : typeof v === 'boolean' ? (
      v ? t('import.yes') : t('import.no')
    ) : (
      v
    );
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing={4} aria-label={t('import.changes_table', { row: row.row, name: row.name })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('import.col_change_field')}</Table.Th>
            <Table.Th scope="col">{t('import.col_change_old')}</Table.Th>
            <Table.Th scope="col">{t('import.col_change_new')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {row.fields.map((f) => (
            <Table.Tr key={f.field}>
              <Table.Th scope="row" fw={600}>
                {f.label}
              </Table.Th>
              <Table.Td>{shown(f.old)}</Table.Td>
              <Table.Td>{shown(f.new)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function StepChanges({ changes, total, confirmed, onConfirm, disabled }: StepChangesProps) {
  const { t } = useTranslation();
  if (total === 0) return null;
  const flagged = changes.filter((c) => c.different_person);
  const others = changes.filter((c) => !c.different_person);
  const shownOthers = total - flagged.length;

  return (
    <Stack gap="md" component="section" aria-labelledby="import-changes-title" data-testid="import-changes">
      <Title order={3} size="h4" id="import-changes-title">
        {t('import.changes_title')}
      </Title>
      <Text maw={760}>{t('import.changes_text', { count: total })}</Text>

      {flagged.length > 0 ? (
        <Stack gap="sm" data-testid="import-different-person">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            <Title order={4} size="h5" mb={4}>
              {t('import.different_person_title')}
            </Title>
            {t('import.different_person_text', { count: flagged.length })}
          </Alert>
          {flagged.map((row) => (
            <Paper key={row.row} withBorder p="sm" data-testid={`import-change-row-${String(row.row)}`}>
              <Stack gap="xs">
                <Group gap="xs">
                  <Text fw={700}>{t('import.row_title', { row: row.row, name: row.name })}</Text>
                  <Badge color="yellow" variant="light" c="dark">
                    {t('import.different_person_badge')}
                  </Badge>
                </Group>
                <ChangeTable row={row} />
                <Checkbox
                  label={t('import.confirm_row', { name: row.name, row: row.row })}
                  description={t('import.confirm_row_help', { name: row.name_in_file })}
                  checked={confirmed.has(row.row)}
                  onChange={(event) => onConfirm(row.row, event.currentTarget.checked)}
                  disabled={disabled}
                />
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : null}

      {others.length > 0 ? (
        <Stack gap="sm" data-testid="import-other-changes">
          {flagged.length > 0 ? (
            <Title order={4} size="h5">
              {t('import.other_changes_title')}
            </Title>
          ) : null}
          {others.map((row) => (
            <Stack key={row.row} gap={4} data-testid={`import-change-row-${String(row.row)}`}>
              <Text fw={700}>{t('import.row_title', { row: row.row, name: row.name })}</Text>
              <ChangeTable row={row} />
            </Stack>
          ))}
          {shownOthers > others.length ? <Text size="sm">{t('import.changes_shown', { shown: others.length, count: shownOthers })}</Text> : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
