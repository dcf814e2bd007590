import { ActionIcon, Button, Group, List, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRECIPS_MAX } from '../../../shared/schemas/messages';
import { DEBOUNCE_DEFAULT_MS, QUICKSEARCH_MIN_CHARS } from '../../../shared/constants';
import type { Filter } from '../../../shared/filter/types';
import { useMemberAnyState, useQuickSearch } from '../../api/membersList';
import { FilterEditor } from '../members/FilterEditor';
import type { ListModel } from '../members/useListModel';

interface RecipientPickerProps {
  model: ListModel;
  filter: Filter;
  addrecips: number[];
  onFilter: (filter: Filter) => void;
  onAddrecips: (ids: number[]) => void;
  /** From the preview; null while the first one loads. */
  count: number | null;
  counting: boolean;
  error?: string;
  /** What an empty filter means (announcements' words by default). */
  emptyText?: string;
  /** Help under the member search (announcements' words by default). */
  pickedHelp?: string;
}

/** Who gets the announcement: members the filter matches, plus members picked by name. */
export function RecipientPicker({ model, filter, addrecips, onFilter, onAddrecips, count, counting, error, emptyText, pickedHelp }: RecipientPickerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {t('announcements.recipients')}
      </Title>
      <Text fw={700} size="lg" aria-live="polite" data-testid="recipient-count" mb="sm">
        {count === null ? t('announcements.counting') : t('announcements.recipient_count', { count })}
        {counting && count !== null ? <Text span size="sm" c="dimmed" ml="xs">{t('announcements.updating')}</Text> : null}
      </Text>
      {error ? (
        <Text c="red.8" size="sm" mb="sm" role="alert">
          {error}
        </Text>
      ) : null}
      <Stack gap="md">
        <FilterEditor fields={model.filterFields} value={filter} onChange={onFilter} emptyText={emptyText ?? t('announcements.filter_empty')} />
        <Picked addrecips={addrecips} onChange={onAddrecips} help={pickedHelp} />
      </Stack>
    </Paper>
  );
}

function Picked({ addrecips, onChange, help }: { addrecips: number[]; onChange: (ids: number[]) => void; help?: string | undefined }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), DEBOUNCE_DEFAULT_MS);
  const searching = debounced.length >= QUICKSEARCH_MIN_CHARS;
  const search = useQuickSearch(debounced, { deleted: false, enabled: searching });
  const hits = searching ? (search.data?.results ?? []).filter((h) => !addrecips.includes(h.id)).slice(0, 10) : [];
  const full = addrecips.length >= ADDRECIPS_MAX;
  const titleId = useId();

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId} mb="xs">
        {t('announcements.picked_title')}
      </Title>
      <TextInput
        label={t('announcements.picked_search')}
        description={help ?? t('announcements.picked_help')}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        maw={420}
        disabled={full}
        data-testid="picked-search"
      />
      {searching ? (
        <Stack gap={4} mt="xs" aria-live="polite">
          {search.isFetching && !search.data ? (
            <Skeleton height={28} width="50%" />
          ) : hits.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('announcements.picked_none_found')}
            </Text>
          ) : (
            <List listStyleType="none" spacing={4}>
              {hits.map((h) => (
                <List.Item key={h.id}>
                  <Button
                    variant="light"
                    size="compact-sm"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={() => {
                      onChange([...addrecips, h.id]);
                      setTerm('');
                    }}
                  >
                    {t('announcements.picked_add', { name: h.fullname_ })}
                  </Button>
                  {h.email ? (
                    <Text span size="sm" c="dimmed" ml="xs">
                      {h.email}
                    </Text>
                  ) : null}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      ) : null}
      {addrecips.length > 0 ? (
        <List listStyleType="none" spacing={4} mt="sm" data-testid="picked-list" aria-label={t('announcements.picked_list')}>
          {addrecips.map((id) => (
            <List.Item key={id}>
              <PickedMember id={id} onRemove={() => onChange(addrecips.filter((x) => x !== id))} />
            </List.Item>
          ))}
        </List>
      ) : null}
    </Paper>
  );
}

/** A picked member by name; the name is read once per member (drafts store only ids). */
function PickedMember({ id, onRemove }: { id: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const member = useMemberAnyState(id);
  const name = member.data?.fullname_ ?? t('announcements.member_n', { id });
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm">{name}</Text>
      <ActionIcon variant="subtle" color="gray" aria-label={t('announcements.picked_remove', { name })} onClick={onRemove}>
        <IconX size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
