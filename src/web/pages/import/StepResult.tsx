import { Alert, Button, Checkbox, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconArrowLeft, IconCircleCheck, IconFileImport, IconList, IconRefresh, IconUsers } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportCheck, ImportDone } from '../../api/importer';
import { ErrorBanner } from '../../components/ErrorBanner';
import { fieldMessageText } from '../../i18n/messages';
import { isRegistered } from '../../access';
import { PATHS } from '../../paths';
import { StepChanges } from './StepChanges';
import { errorRowCount } from './wizardModel';

/** More errors than this are summarised; the file needs fixing anyway. */
const ERRORS_SHOWN = 200;

interface StepResultProps {
  filename: string;
  /** The dry run's answer. */
  check: ImportCheck;
  onBack: () => void;
  onRecheck: () => void;
  rechecking: boolean;
  skipErrorRows: boolean;
  onSkipErrorRows: (skip: boolean) => void;
  /** Rows flagged as possibly a different person that the user confirmed (the dry run ran without any). */
  confirmed: ReadonlySet<number>;
  onConfirm: (row: number, on: boolean) => void;
  onImport: () => void;
  running: boolean;
  runError: unknown;
  /** The import's answer once it has run. */
  done: ImportDone | null;
  undone: boolean;
  onUndo: (() => void) | null;
  onNewImport: () => void;
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="md" component="div">
      <Text component="dt" size="sm">
        {label}
      </Text>
      <Text component="dd" fz={28} fw={700} m={0} data-testid={testId}>
        {value.toLocaleString('fi-FI')}
      </Text>
    </Paper>
  );
}

/** Step 4: the dry run's counts and errors, the import with a progress indicator, then the result and undo. */
export function StepResult(props: StepResultProps) {
  const { t } = useTranslation();
  const { check, done } = props;
  const blockedId = useId();
  if (done) return <ImportDone {...props} done={done} />;

  const errorRows = errorRowCount(check.errors);
  // By row; within a row in the server's order (the file's column order).
  const sorted = [...check.errors].sort((a, b) => a.row - b.row);
  // The dry run left every flagged row out; the ones ticked since go in.
  const confirmedCount = check.changes.filter((c) => c.different_person && props.confirmed.has(c.row)).length;
  const updated = check.updated + confirmedCount;
  const differentPerson = check.skipped_different_person - confirmedCount;
  const nothing = check.created + updated === 0;
  const blocked = (errorRows > 0 && !props.skipErrorRows) || nothing;
  const blockedText =
    errorRows > 0 && !props.skipErrorRows
      ? t('import.run_blocked')
      : nothing && errorRows > 0
        ? t('import.nothing_valid')
        : nothing && differentPerson > 0
          ? t('import.nothing_confirmed')
          : t('import.nothing_to_import');

  return (
    <Stack gap="lg">
      <Text maw={760}>{t('import.result_text', { filename: props.filename })}</Text>
      <SimpleGrid component="dl" cols={{ base: 2, md: check.skipped_different_person > 0 ? 5 : 4 }} spacing="md" m={0} data-testid="import-counts">
        <Count label={t('import.count_created')} value={check.created} testId="import-count-created" />
        <Count label={t('import.count_updated')} value={updated} testId="import-count-updated" />
        <Count label={t('import.count_unchanged')} value={check.unchanged} testId="import-count-unchanged" />
        <Count label={t('import.count_errors')} value={errorRows} testId="import-count-errors" />
        {check.skipped_different_person > 0 ? <Count label={t('import.count_different_person')} value={differentPerson} testId="import-count-different-person" /> : null}
      </SimpleGrid>

      <StepChanges changes={check.changes} total={check.changes_total} confirmed={props.confirmed} onConfirm={props.onConfirm} disabled={props.running} />

      {errorRows > 0 ? (
        <Stack gap="sm" component="section" aria-labelledby="import-errors-title">
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            tabIndex={-1}
            data-step-focus
            data-testid="import-errors-summary"
            style={{ outlineOffset: 2 }}
          >
            <Title order={3} size="h4" id="import-errors-title" mb={4}>
              {t('import.errors_title')}
            </Title>
            {t('import.errors_text', { count: errorRows })}
          </Alert>
          <Table.ScrollContainer minWidth={480}>
            <Table striped verticalSpacing="xs" aria-labelledby="import-errors-title" data-testid="import-errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('import.col_error_row')}</Table.Th>
                  <Table.Th scope="col">{t('import.col_error_column')}</Table.Th>
                  <Table.Th scope="col">{t('import.col_error_message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sorted.slice(0, ERRORS_SHOWN).map((error, index) => (
                  <Table.Tr key={`${String(error.row)}-${error.column ?? ''}-${String(index)}`}>
                    <Table.Td>{error.row}</Table.Td>
                    <Table.Td>{error.column ?? '–'}</Table.Td>
                    <Table.Td>{fieldMessageText(error.key)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {sorted.length > ERRORS_SHOWN ? <Text size="sm">{t('import.errors_more', { shown: ERRORS_SHOWN, count: sorted.length })}</Text> : null}
          <Checkbox
            label={t('import.skip_errors')}
            description={t('import.skip_errors_help', { count: errorRows })}
            checked={props.skipErrorRows}
            onChange={(event) => props.onSkipErrorRows(event.currentTarget.checked)}
            disabled={props.running}
          />
        </Stack>
      ) : (
        <Text data-testid="import-no-errors">{t('import.no_errors')}</Text>
      )}

      <ErrorBanner error={props.runError} />

      {props.running ? (
        <Stack gap="xs" role="status" aria-live="polite" data-testid="import-progress">
          <Text fw={600}>{t('import.running')}</Text>
          <Progress.Root size="lg" aria-hidden>
            <Progress.Section value={100} animated striped withAria={false} />
          </Progress.Root>
          <Text size="sm">{t('import.running_help')}</Text>
        </Stack>
      ) : null}

      {blocked && !props.running ? (
        <Text id={blockedId} size="sm" fw={600}>
          {blockedText}
        </Text>
      ) : null}

      <Group>
        <Button variant="default" onClick={props.onBack} leftSection={<IconArrowLeft size={18} aria-hidden />} disabled={props.running}>
          {t('import.back')}
        </Button>
        <Button
          variant="default"
          onClick={props.onRecheck}
          loading={props.rechecking}
          disabled={props.running}
          leftSection={<IconRefresh size={18} aria-hidden />}
        >
          {t('import.recheck')}
        </Button>
        <Button
          onClick={props.onImport}
          disabled={blocked || props.rechecking}
          loading={props.running}
          aria-busy={props.running || undefined}
          aria-describedby={blocked ? blockedId : undefined}
          leftSection={<IconFileImport size={18} aria-hidden />}
        >
          {t('import.run')}
        </Button>
      </Group>
    </Stack>
  );
}

function ImportDone({ filename, done, undone, onUndo, onNewImport }: StepResultProps & { done: ImportDone }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Alert
        color={undone ? 'gray' : 'green'}
        variant="light"
        icon={<IconCircleCheck aria-hidden />}
        tabIndex={-1}
        data-step-focus
        data-testid="import-done"
        style={{ outlineOffset: 2 }}
      >
        <Stack gap={4}>
          {/* A heading in the body, not the Alert title: its green-on-green text is below contrast. */}
          <Title order={3} size="h4">
            {undone ? t('import.undone') : t('import.done_title')}
          </Title>
          <Text size="sm">{t('import.done_text', { filename })}</Text>
          <Text size="sm" data-testid="import-done-created">
            {t('import.done_created', { count: done.created })}
          </Text>
          <Text size="sm" data-testid="import-done-updated">
            {t('import.done_updated', { count: done.updated })}
          </Text>
          {done.skipped > 0 ? <Text size="sm">{t('import.done_skipped', { count: done.skipped })}</Text> : null}
          {done.skipped_different_person > 0 ? (
            <Text size="sm" data-testid="import-done-different-person">
              {t('import.done_skipped_different_person', { count: done.skipped_different_person })}
            </Text>
          ) : null}
        </Stack>
      </Alert>
      <Group>
        {isRegistered(PATHS.members) ? (
          <Button component={Link} to={PATHS.members} leftSection={<IconUsers size={18} aria-hidden />}>
            {t('import.show_members')}
          </Button>
        ) : null}
        {onUndo && !undone ? (
          <Button variant="default" color="red" onClick={onUndo} leftSection={<IconArrowBackUp size={18} aria-hidden />}>
            {t('import.undo')}
          </Button>
        ) : null}
        <Button component={Link} to={PATHS.memberImports} variant="default" leftSection={<IconList size={18} aria-hidden />}>
          {t('import.all_imports')}
        </Button>
        <Button variant="subtle" onClick={onNewImport} leftSection={<IconFileImport size={18} aria-hidden />}>
          {t('import.new_import')}
        </Button>
      </Group>
    </Stack>
  );
}
