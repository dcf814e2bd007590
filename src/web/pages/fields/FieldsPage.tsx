import { Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconGripVertical, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Field } from '../../../shared/fields/types';
import { useFields, useReorderFields } from '../../api/fields';
import { messageText } from '../../i18n/messages';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifyError } from '../../components/notify';
import { PageHeader } from '../../components/PageHeader';
import { useReorderableList } from '../../components/useReorderableList';
import { bannerKeys } from '../../api/errorKeys';
import { isApiError } from '../../api/errors';
import classes from '../../components/reorder.module.css';
import { fieldPath, PATHS } from '../../paths';
import { fieldTypeLabel, visibilityLabel } from './fieldLabels';


/** `/config/fields`: every field in form order; drag a row or use the arrows to reorder (saved at once). */
export function FieldsPage() {
  const { t } = useTranslation();
  const fields = useFields();
  const reorder = useReorderFields();
  const items = fields.data ?? [];
  const list = useReorderableList<Field>(
    items,
    (f) => f.label,
    (next) =>
      reorder.mutate(next, {
        onError: (error) => {
          const [key] = bannerKeys(error);
          notifyError(t('fields.reorder_failed', { reason: messageText(key ?? 'server_error', isApiError(error) ? error.params : undefined) }));
        },
      }),
  );

  return (
    <>
      <PageHeader title={t('fields.page')}>
        <Button component={Link} to={PATHS.fieldAdd} leftSection={<IconPlus size={18} aria-hidden />}>
          {t('fields.add')}
        </Button>
      </PageHeader>
      <Text mb="md" maw={720}>
        {t('fields.intro')}
      </Text>
      {fields.isError ? (
        <ErrorBanner error={fields.error} onRetry={() => void fields.refetch()} />
      ) : !fields.data ? (
        <Stack gap="xs" role="status" aria-label={t('app.loading')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : (
        <>
          <Text fw={600} mb="xs" data-testid="field-count">
            {t('fields.count', { count: items.length })}
          </Text>
          {list.announcer}
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" highlightOnHover aria-label={t('fields.page')} data-testid="fields-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={32}>
                    <VisuallyHidden>{t('reorder.drag_column')}</VisuallyHidden>
                  </Table.Th>
                  <Table.Th>{t('fields.col_label')}</Table.Th>
                  <Table.Th>{t('fields.col_type')}</Table.Th>
                  <Table.Th>{t('fields.col_visibility')}</Table.Th>
                  <Table.Th w={96}>{t('reorder.column')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((field, index) => (
                  <Table.Tr key={field.id} className={classes.row} {...list.rowProps(index)} data-field-name={field.name}>
                    <Table.Td>
                      <IconGripVertical size={18} className={classes.handle} aria-hidden />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={fieldPath(field.id)} fw={field.type === 'heading' ? 700 : 500}>
                          {field.label}
                        </Anchor>
                        {field.fixed ? (
                          <Badge variant="light" color="gray" size="sm">
                            {t('fields.fixed_badge')}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>{fieldTypeLabel(t, field.type)}</Table.Td>
                    <Table.Td>{visibilityLabel(t, field.visibility)}</Table.Td>
                    <Table.Td>{list.moveButtons(index, field.label)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </>
  );
}
