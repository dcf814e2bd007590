import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, type FieldType } from '../../../shared/fields/types';
import { ALLOWED_SENDERS, type AllowedSenders } from '../../../shared/schemas/groups';
import type { LogDatum, LogEntry } from '../../../shared/schemas/log';
import { useFields } from '../../api/fields';
import { useGroups } from '../../api/groups';
import { fieldTypeLabel } from '../fields/fieldLabels';
import { allowedSendersLabel } from '../groups/groupLabels';
import { formatDateTime } from '../members/historyFormat';
import { contextLabel, eventLabel, fieldLabel, type LabelSources, logValue, type LogValueOptions, type TextOf } from './logFormat';

/**
 * The log's texts in the current language: event, context and field names (the
 * association's own field and group labels for member data), values and times.
 */
export function useLogLabels() {
  const { t, i18n } = useTranslation();
  const fields = useFields();
  const groups = useGroups();

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
    for (const g of groups.data ?? []) own.set(g.name, g.label);
    for (const f of fields.data ?? []) own.set(f.name, f.label);
    return { text, register: (name) => own.get(name) };
  }, [text, fields.data, groups.data]);

  const texts = useMemo(() => ({ yes: t('member_list.yes'), no: t('member_list.no'), empty: '–', klo: t('log.klo') }), [t]);

  const valueLabel = useCallback(
    (field: string, value: string): string | undefined => {
      if (field === 'type' && (FIELD_TYPES as readonly string[]).includes(value)) return fieldTypeLabel(t, value as FieldType);
      if (field === 'allowed_senders' && (ALLOWED_SENDERS as readonly string[]).includes(value)) return allowedSendersLabel(t, value as AllowedSenders);
      return undefined;
    },
    [t],
  );

  return useMemo(
    () => ({
      time: (at: string) => formatDateTime(at, t('log.klo')),
      event: (entry: Pick<LogEntry, 'event'>) => eventLabel(text, entry.event),
      context: (entry: Pick<LogEntry, 'context' | 'member_'>) => contextLabel(text, entry),
      field: (entry: Pick<LogEntry, 'event'>, d: LogDatum) => fieldLabel(src, entry.event, d.field),
      value: (d: LogDatum, value: unknown, opts: Omit<LogValueOptions, 'valueLabel'> = {}) => logValue(d.field, value, texts, { ...opts, valueLabel }),
      author: (entry: Pick<LogEntry, 'author'>) => entry.author?.name ?? t('log.no_author'),
    }),
    [t, text, src, texts, valueLabel],
  );
}

export type LogLabels = ReturnType<typeof useLogLabels>;
