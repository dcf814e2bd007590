import { Alert, Button, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconListCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/errors';
import { IGNORE, type MappingItem, type SheetMetadata } from '../../api/importer';
import { ErrorBanner } from '../../components/ErrorBanner';
import { fieldMessageText, messageText } from '../../i18n/messages';
import { type Destination, duplicateColumns, keyFieldChoices, previewCell } from './wizardModel';
import classes from './import.module.css';

const selectId = (index: number) => `import-map-${String(index)}`;
const KEY_SELECT_ID = 'import-key-field';
const EXAMPLES = 3;

interface StepMappingProps {
  metadata: SheetMetadata;
  mapping: MappingItem[];
  onMapping: (mapping: MappingItem[]) => void;
  /** The key field in use (one of the choices, or email when nothing can identify a member). */
  keyField: string;
  onKeyField: (keyField: string) => void;
  destinations: readonly Destination[];
  /** Runs the dry run; step 4 opens when it answers. */
  onCheck: () => void;
  checking: boolean;
  checkError: unknown;
  onBack: () => void;
}

/** The server's mapping refusal (400 `mapping`), with the columns it names. */
function serverMappingProblem(error: unknown): { key: string; columns: string[] } | null {
  if (!isApiError(error)) return null;
  const key = error.errors.mapping?.[0];
  if (!key) return null;
  const columns = Array.isArray(error.params?.columns) ? error.params.columns.filter((c): c is string => typeof c === 'string') : [];
  return { key, columns };
}

/** Step 3: each source column to a field, a group or "Ohita"; the key field; the first rows as they will be stored. */
export function StepMapping({ metadata, mapping, onMapping, keyField, onKeyField, destinations, onCheck, checking, checkError, onBack }: StepMappingProps) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<'duplicates' | 'nothing' | 'key' | null>(null);
  const duplicates = useMemo(() => duplicateColumns(mapping), [mapping]);
  const server = serverMappingProblem(checkError);
  const byName = useMemo(() => new Map(destinations.map((d) => [d.name, d])), [destinations]);
  const choices = keyFieldChoices(mapping, destinations);
  const key = keyField;
  const keyMapped = mapping.some((m) => m.dst_field === key);
  const serverKeyError = isApiError(checkError) ? checkError.errors.key_field?.[0] : undefined;
  const keyError = !keyMapped ? messageText('import_key_field_not_mapped') : serverKeyError ? messageText(serverKeyError) : null;
  const mapped = mapping.map((m, index) => ({ ...m, index, dest: byName.get(m.dst_field) })).filter((m) => m.dest !== undefined);

  const options = useMemo(
    () => [
      { value: IGNORE, label: t('import.ignore') },
      { group: t('import.group_fields'), items: destinations.filter((d) => d.kind === 'field').map((d) => ({ value: d.name, label: d.label })) },
      ...(destinations.some((d) => d.kind === 'group')
        ? [{ group: t('import.group_groups'), items: destinations.filter((d) => d.kind === 'group').map((d) => ({ value: d.name, label: d.label })) }]
        : []),
    ],
    [destinations, t],
  );

  const errorOf = (index: number, column: string): string | null => {
    const others = duplicates.get(index);
    if (others) return t('import.duplicate_destination', { columns: others.map((c) => `”${c}”`).join(', ') });
    if (server?.columns.includes(column)) return messageText(server.key, { columns: server.columns.join(', ') });
    return null;
  };

  const focusSelect = (index: number) => document.getElementById(selectId(index))?.focus();

  const check = () => {
    if (duplicates.size > 0) {
      setProblem('duplicates');
      focusSelect(Math.min(...duplicates.keys()));
      return;
    }
    if (mapped.length === 0) {
      setProblem('nothing');
      focusSelect(0);
      return;
    }
    if (!keyMapped) {
      setProblem('key');
      document.getElementById(KEY_SELECT_ID)?.focus();
      return;
    }
    setProblem(null);
    onCheck();
  };

  const setDestination = (index: number, dst_field: string) => {
    onMapping(mapping.map((m, i) => (i === index ? { ...m, dst_field } : m)));
    if (problem === 'nothing' || problem === 'key') setProblem(null);
  };

  const examples = (index: number) =>
    metadata.data_rows
      .map((row) => row[index] ?? '')
      .filter((v) => v.trim() !== '')
      .slice(0, EXAMPLES);

  const summary =
    problem === 'duplicates' && duplicates.size > 0
      ? t('import.duplicates_summary')
      : problem === 'nothing' && mapped.length === 0
        ? t('import.nothing_mapped')
        : problem === 'key' && !keyMapped
          ? messageText('import_key_field_not_mapped')
          : server
          ? messageText(server.key, { columns: server.columns.join(', ') })
          : null;

  return (
    <Stack gap="lg">
      <Text maw={760}>{t('import.mapping_text')}</Text>
      <Text size="sm">{t('import.row_count', { count: metadata.row_count })}</Text>

      {summary ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} data-testid="import-mapping-problem">
          {summary}
        </Alert>
      ) : null}
      <ErrorBanner error={checkError} fields={['mapping', 'key_field']} />

      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" aria-label={t('import.mapping_table')} data-testid="import-mapping">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('import.col_source')}</Table.Th>
              <Table.Th scope="col">{t('import.col_examples')}</Table.Th>
              <Table.Th scope="col">{t('import.col_destination')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mapping.map((m, index) => {
              const error = errorOf(index, m.src_col);
              return (
                <Table.Tr key={`${m.src_col}-${String(index)}`}>
                  <Table.Th scope="row" fw={600}>
                    {m.src_col}
                  </Table.Th>
                  <Table.Td className={classes.examples}>{examples(index).join(', ')}</Table.Td>
                  <Table.Td miw={220}>
                    <NativeSelect
                      id={selectId(index)}
                      aria-label={t('import.destination_for', { column: m.src_col })}
                      data={options}
                      value={m.dst_field}
                      onChange={(event) => setDestination(index, event.currentTarget.value)}
                      error={error}
                      data-ignored={m.dst_field === IGNORE || undefined}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <NativeSelect
        id={KEY_SELECT_ID}
        label={t('import.key_field')}
        description={t('import.key_field_help')}
        data={choices.map((c) => ({ value: c.name, label: c.label }))}
        value={key}
        onChange={(event) => onKeyField(event.currentTarget.value)}
        error={keyError}
        maw={460}
      />

      <Stack gap="xs" component="section" aria-labelledby="import-preview-title">
        <Title order={3} size="h4" id="import-preview-title">
          {t('import.preview_title')}
        </Title>
        {mapped.length === 0 ? (
          <Text>{t('import.preview_empty')}</Text>
        ) : (
          <>
            <Text size="sm">{t('import.preview_text', { count: metadata.data_rows.length })}</Text>
            <Table.ScrollContainer minWidth={Math.max(480, mapped.length * 140)}>
              <Table striped verticalSpacing="xs" aria-labelledby="import-preview-title" data-testid="import-preview">
                <Table.Thead>
                  <Table.Tr>
                    {mapped.map((m) => (
                      <Table.Th key={m.index} scope="col">
                        {m.dest?.label}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {metadata.data_rows.map((row, r) => (
                    <Table.Tr key={r}>
                      {mapped.map((m) => {
                        const cell = m.dest ? previewCell(m.dest, row[m.index] ?? '') : null;
                        return (
                          <Table.Td key={m.index} className={classes.previewCell}>
                            {cell === null ? null : cell.kind === 'text' ? (
                              cell.text
                            ) : cell.kind === 'flag' ? (
                              cell.value ? t('import.yes') : t('import.no')
                            ) : (
                              <Text component="span" size="sm" c="red.8" fw={600} className={classes.previewError}>
                                {t('import.preview_invalid', { value: cell.raw, message: fieldMessageText(cell.key) })}
                              </Text>
                            )}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>

      <Group>
        <Button variant="default" onClick={onBack} leftSection={<IconArrowLeft size={18} aria-hidden />} disabled={checking}>
          {t('import.back')}
        </Button>
        <Button onClick={check} loading={checking} aria-busy={checking || undefined} leftSection={<IconListCheck size={18} aria-hidden />}>
          {t('import.check')}
        </Button>
      </Group>
    </Stack>
  );
}
