import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Field } from '../../../shared/fields/types';
import type { Group as MemberGroup } from '../../../shared/schemas/groups';
import { NewTabLink } from '../../components/NewTabLink';
import { isRegistered } from '../../access';
import { PATHS } from '../../paths';
import { fieldTypeLabel } from '../fields/fieldLabels';

interface StepFieldsProps {
  fields: readonly Field[];
  groups: readonly MemberGroup[];
  onNext: () => void;
}

/** Step 1: the register's fields, so a missing one can be added before the file is mapped. */
export function StepFields({ fields, groups, onNext }: StepFieldsProps) {
  const { t } = useTranslation();
  const shown = fields.filter((f) => f.type !== 'heading' && f.type !== 'password');
  const importableGroups = groups.filter((g) => g.builtin !== 'everyone');

  return (
    <Stack gap="md">
      <Text maw={760}>{t('import.fields_text')}</Text>
      <Table.ScrollContainer minWidth={420}>
        <Table striped verticalSpacing="xs" aria-label={t('import.fields_table')} data-testid="import-fields">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('import.col_field')}</Table.Th>
              <Table.Th>{t('import.col_type')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((field) => (
              <Table.Tr key={field.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text fw={600} size="sm">
                      {field.label}
                    </Text>
                    {field.fixed ? (
                      <Badge variant="light" color="gray" size="sm">
                        {t('fields.fixed_badge')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>{fieldTypeLabel(t, field.type)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {importableGroups.length > 0 ? (
        <Text size="sm" maw={760} data-testid="import-groups">
          {t('import.groups_text', { groups: importableGroups.map((g) => g.label).join(', ') })}
        </Text>
      ) : null}
      {isRegistered(PATHS.fieldAdd) ? (
        <Stack gap={4}>
          <NewTabLink href={PATHS.fieldAdd} newTabText={t('import.new_tab')} data-testid="import-add-field">
            {t('import.add_field')}
          </NewTabLink>
          <Text size="sm" c="dimmed">
            {t('import.add_field_help')}
          </Text>
        </Stack>
      ) : null}
      <Group>
        <Button onClick={onNext} rightSection={<IconArrowRight size={18} aria-hidden />}>
          {t('import.next')}
        </Button>
      </Group>
    </Stack>
  );
}
