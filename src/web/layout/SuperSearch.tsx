import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SUPERSEARCH_DEBOUNCE_MS, SUPERSEARCH_MIN_CHARS } from '../../shared/constants';
import { formatFinnishMobile } from '../../shared/finnish/phone';
import { useSuperSearch } from '../api/membersList';
import { useCurrentSession } from '../auth/SessionContext';
import { canOpen } from '../access';
import { memberEditPath, memberHistoryPath, memberSearchPath, PATHS } from '../paths';
import classes from './layout.module.css';

const SHOW_ALL = '__show_all__';

/**
 * Supersearch in the top bar: 500 ms after more than 2 characters, matching
 * members drop down under the box; arrows choose, Enter opens the member (the edit
 * page, or the history for the board). Enter without a choice, or "Näytä kaikki",
 * opens the search page with every match.
 */
export function SuperSearch({ onNavigate, inMenu = false }: { onNavigate?: () => void; inMenu?: boolean } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentSession();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  const [term] = useDebouncedValue(value.trim(), SUPERSEARCH_DEBOUNCE_MS);
  const enabled = term.length >= SUPERSEARCH_MIN_CHARS;
  const search = useSuperSearch(term, { showAll: false, enabled });
  const hits = enabled ? (search.data?.results ?? []) : [];

  const open = (path: string) => {
    setValue('');
    combobox.closeDropdown();
    onNavigate?.();
    void navigate(path);
  };
  const memberPath = (id: number) =>
    canOpen(user, PATHS.memberEdit) ? memberEditPath(id) : canOpen(user, PATHS.memberHistory) ? memberHistoryPath(id) : null;
  const showAll = () => {
    if (value.trim().length >= SUPERSEARCH_MIN_CHARS && canOpen(user, PATHS.search)) open(memberSearchPath(value.trim()));
  };

  return (
    <Combobox
      store={combobox}
      width={inMenu ? 'target' : 360}
      position={inMenu ? 'bottom' : 'bottom-end'}
      onOptionSubmit={(option) => {
        if (option === SHOW_ALL) return showAll();
        const path = memberPath(Number(option));
        if (path) open(path);
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          type="search"
          aria-label={t('member_search.supersearch')}
          placeholder={t('member_search.supersearch_placeholder')}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            combobox.resetSelectedOption();
            if (e.currentTarget.value.trim().length >= SUPERSEARCH_MIN_CHARS) combobox.openDropdown();
            else combobox.closeDropdown();
          }}
          onFocus={() => {
            if (value.trim().length >= SUPERSEARCH_MIN_CHARS) combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
              e.preventDefault();
              showAll();
            }
          }}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={enabled && search.isFetching ? <Loader size={14} aria-hidden /> : null}
          w={inMenu ? '100%' : { base: 180, lg: 260 }}
          autoComplete="off"
          data-testid={inMenu ? 'supersearch-menu' : 'supersearch'}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!enabled}>
        <Combobox.Options aria-label={t('member_search.results_label')}>
          {!search.data || search.isFetching ? (
            <Combobox.Empty>{t('member_search.searching')}</Combobox.Empty>
          ) : hits.length === 0 ? (
            <Combobox.Empty>{t('member_search.no_hits')}</Combobox.Empty>
          ) : (
            hits.map((hit) => (
              <Combobox.Option value={String(hit.id)} key={hit.id}>
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <Text size="sm" fw={500} truncate>
                    {hit.fullname_}
                  </Text>
                  {/* Not c="dimmed": an inline colour would stay grey on the highlighted (blue) option. */}
                  <Text size="xs" truncate className={classes.hitDetail}>
                    {hit.email ?? (hit.phone ? formatFinnishMobile(hit.phone) : '')}
                  </Text>
                </Group>
              </Combobox.Option>
            ))
          )}
          {canOpen(user, PATHS.search) && search.data && !search.isFetching ? (
            <Combobox.Option value={SHOW_ALL}>
              <Text size="sm" fw={500} className={classes.hitLink}>
                {t('member_search.show_all', { term })}
              </Text>
            </Combobox.Option>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
