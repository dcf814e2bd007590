import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SUPERSEARCH_DEBOUNCE_MS, SUPERSEARCH_MIN_CHARS } from '../../shared/constants';
import { useSearches, type SearchType } from '../api/search';
import { useCurrentSession } from '../auth/SessionContext';
import { canOpen } from '../access';
import { SEARCH_TYPE_INFO, searchableTypes, searchHits, searchPath, type SearchHit } from '../pages/search/searchTypes';
import { PATHS } from '../paths';
import classes from './layout.module.css';

const SHOW_ALL = '__show_all__';
/** Hits per group beside the members' own 10: the rest are on the search page. */
const GROUP_MAX = 5;

interface GroupState {
  type: SearchType;
  hits: SearchHit[];
  loading: boolean;
  failed: boolean;
}

/**
 * Supersearch in the top bar: 500 ms after more than 2 characters, every type the user may
 * open is searched at once and the hits drop down under headings (Jäsenet, Laskut, …); arrows
 * move through all of them, Enter opens the chosen one. Enter without a choice, or "Näytä
 * kaikki", opens the search page on the first type with hits. A type whose search fails or
 * lags shows that under its own heading and does not hold back the others.
 */
export function SuperSearch({ onNavigate, inMenu = false }: { onNavigate?: () => void; inMenu?: boolean } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentSession();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  const [term] = useDebouncedValue(value.trim(), SUPERSEARCH_DEBOUNCE_MS);
  const enabled = term.length >= SUPERSEARCH_MIN_CHARS;
  const types = searchableTypes(user);
  const queries = useSearches(types, term, { enabled, showAll: false, retry: false });

  const groups: GroupState[] = types.map((type, i) => {
    const q = queries[i];
    const data = q?.data;
    return {
      type,
      hits: enabled && data ? searchHits(type, data, user, t).slice(0, type === 'members' ? undefined : GROUP_MAX) : [],
      loading: enabled && data === undefined && !q?.isError,
      failed: enabled && q?.isError === true,
    };
  });
  const paths = new Map<string, string | null>(groups.flatMap((g) => g.hits.map((h) => [`${g.type}:${h.key}`, h.path] as const)));
  const settled = groups.every((g) => !g.loading);
  const anyHits = groups.some((g) => g.hits.length > 0);
  const fetching = enabled && queries.some((q) => q.isFetching);
  const allLoading = groups.every((g) => g.loading);
  const noHits = settled && !anyHits && groups.every((g) => !g.failed);
  const status = !enabled ? null : allLoading ? t('member_search.searching') : noHits ? t('member_search.no_hits') : null;

  const open = (path: string) => {
    setValue('');
    combobox.closeDropdown();
    onNavigate?.();
    void navigate(path);
  };
  const showAll = () => {
    const typed = value.trim();
    if (typed.length < SUPERSEARCH_MIN_CHARS || !canOpen(user, PATHS.search) || types.length === 0) return;
    // The hits on screen belong to the typed term only once the debounce has caught up.
    const first = typed === term ? groups.find((g) => g.hits.length > 0)?.type : undefined;
    open(searchPath(first ?? types[0]!, typed));
  };

  return (
    <Combobox
      store={combobox}
      width={inMenu ? 'target' : 400}
      position={inMenu ? 'bottom' : 'bottom-end'}
      onOptionSubmit={(option) => {
        if (option === SHOW_ALL) return showAll();
        const path = paths.get(option);
        if (path) open(path);
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          type="search"
          aria-label={types.length === 1 ? t('member_search.supersearch') : t('search.box')}
          placeholder={types.length === 1 ? t('member_search.supersearch_placeholder') : t('search.box_placeholder')}
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
          rightSection={fetching ? <Loader size={14} aria-hidden /> : null}
          w={inMenu ? '100%' : { base: 180, lg: 260 }}
          autoComplete="off"
          data-testid={inMenu ? 'supersearch-menu' : 'supersearch'}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!enabled}>
        {/* The whole search's state is said outside the listbox, whose children may only be
            options and their groups, and in a live region, so a screen reader hears it. */}
        <div role="status" className={status ? classes.searchStatus : undefined}>
          {status}
        </div>
        <Combobox.Options
          aria-label={types.length === 1 ? t('member_search.results_label') : t('search.results_label')}
          aria-busy={allLoading || undefined}
          className={classes.searchOptions}
        >
          {allLoading || noHits
            ? null
            : groups
                .filter((g) => g.hits.length > 0 || g.loading || g.failed)
                .map((g) => (
                  <Combobox.Group label={t(SEARCH_TYPE_INFO[g.type].label)} key={g.type}>
                    {g.loading ? (
                      <Text size="xs" px="sm" py={4} className={classes.hitDetail}>
                        {t('member_search.searching')}
                      </Text>
                    ) : g.failed ? (
                      <Text size="xs" px="sm" py={4} c="red.8" data-testid={`supersearch-error-${g.type}`}>
                        {t('search.group_error')}
                      </Text>
                    ) : (
                      g.hits.map((hit) => <HitOption key={hit.key} value={`${g.type}:${hit.key}`} hit={hit} />)
                    )}
                  </Combobox.Group>
                ))}
          {canOpen(user, PATHS.search) && !allLoading ? (
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

function HitOption({ value, hit }: { value: string; hit: SearchHit }) {
  return (
    <Combobox.Option value={value} disabled={hit.path === null}>
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Text size="sm" fw={500} truncate>
          {hit.title}
        </Text>
        {/* Not c="dimmed": an inline colour would stay grey on the highlighted (blue) option. */}
        <Text size="xs" truncate className={classes.hitDetail}>
          {hit.detail}
        </Text>
      </Group>
    </Combobox.Option>
  );
}
