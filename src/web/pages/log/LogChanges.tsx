import { List, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '../../../shared/schemas/log';
import { LOG_VALUE_MAX } from './logFormat';
import type { LogLabels } from './useLogLabels';

/** Rows shown in a list before "+ N more"; the entry's own page shows all. */
const SHOWN = 4;

/** The entry's data on a line each: "Etunimi: Matti → Matti-Pekka", short values, the first few rows. */
export function LogChanges({ entry, labels, shown = SHOWN }: { entry: LogEntry; labels: LogLabels; shown?: number }) {
  const { t } = useTranslation();
  const data = labels.rows(entry);
  if (data.length === 0) return <Text size="sm" c="dimmed">–</Text>;
  const rest = data.length - shown;
  return (
    <List size="sm" spacing={2} listStyleType="none" withPadding={false} styles={{ itemWrapper: { display: 'inline' } }}>
      {data.slice(0, shown).map((d, i) => {
        const hasOld = 'old' in d;
        const hasNew = 'new' in d;
        return (
          <List.Item key={`${d.field}-${String(i)}`} style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="sm">
              {labels.field(entry, d)}:
            </Text>{' '}
            {hasOld && hasNew ? (
              <>
                {labels.value(d, d.old, { max: LOG_VALUE_MAX })} <span aria-hidden>→</span>
                <VisuallyHidden>{t('log.changed_to')}</VisuallyHidden> {labels.value(d, d.new, { max: LOG_VALUE_MAX })}
              </>
            ) : (
              labels.value(d, hasNew ? d.new : d.old, { max: LOG_VALUE_MAX })
            )}
          </List.Item>
        );
      })}
      {rest > 0 ? (
        <List.Item>
          <Text span size="sm" c="dimmed">
            {t('log.more_data', { count: rest })}
          </Text>
        </List.Item>
      ) : null}
    </List>
  );
}
