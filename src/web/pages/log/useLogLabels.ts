import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogDatum, LogEntry } from '../../../shared/schemas/log';
import { describeFilter } from '../members/filterLabels';
import { formatDateTime } from '../members/historyFormat';
import { useListModel } from '../members/useListModel';
import { contextLabel, eventLabel, fieldLabel, type LabelSources, logValue, type LogValueOptions, type TextOf } from './logFormat';
import { readableValue, shownData, type ValueSources } from './logValues';

/**
 * The log's texts in the current language: event, context and field names (the
 * association's own field and group labels for member data), values and times.
 */
export function useLogLabels() {
  const { t, i18n } = useTranslation();
  const { model } = useListModel();

  const text: TextOf = useCallback(
    (key, vars) => {
      if (!i18n.exists(key)) return undefined;
      // Runtime keys cannot satisfy the per-key types; the catalogue tests keep them consistent.
      const translate = i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string;
      return translate(key, { ...vars });
    },
    [i18n],
  );

  const src: LabelSources = useMemo(() => {
    const own = new Map<string, string>();
    for (const g of model?.groups ?? []) own.set(g.name, g.label);
    for (const f of model?.fields ?? []) own.set(f.name, f.label);
    return { text, register: (name) => own.get(name) };
  }, [text, model]);

  const texts = useMemo(() => ({ yes: t('member_list.yes'), no: t('member_list.no'), empty: '–', klo: t('log.klo') }), [t]);

  const valueLabel = useMemo(() => {
    const values: ValueSources = {
      text,
      fieldByName: (name) => model?.fields.find((f) => f.name === name),
      groupLabel: (name) => model?.groups.find((g) => g.name === name)?.label,
      describeFilter: (filter) => describeFilter(t, filter, model?.filterFields ?? []),
    };
    return (field: string, value: unknown) => readableValue(values, field, value);
  }, [t, text, model]);

  return useMemo(
    () => ({
      time: (at: string) => formatDateTime(at, t('log.klo')),
      event: (entry: Pick<LogEntry, 'event'>) => eventLabel(text, entry.event),
      context: (entry: Pick<LogEntry, 'context' | 'member_'> & { data?: LogEntry['data'] }) => contextLabel(text, entry, src.register),
      /** The entry's data rows worth showing (no internal identifiers). */
      rows: (entry: Pick<LogEntry, 'event' | 'data'>) => shownData(entry),
      field: (entry: Pick<LogEntry, 'event'>, d: LogDatum) => fieldLabel(src, entry.event, d.field, d.label),
      value: (d: LogDatum, value: unknown, opts: Omit<LogValueOptions, 'valueLabel'> = {}) => logValue(d.field, value, texts, { ...opts, valueLabel }),
      author: (entry: Pick<LogEntry, 'author'>) => entry.author?.name ?? t('log.no_author'),
    }),
    [t, text, src, texts, valueLabel],
  );
}

export type LogLabels = ReturnType<typeof useLogLabels>;
