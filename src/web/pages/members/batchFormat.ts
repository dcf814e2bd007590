import type { TFunction } from 'i18next';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import type { BatchInfo } from '../../../shared/schemas/batches';

// How a batch reads in "Viimeisimmät muutokset" and on its log entry: what kind of change,
// what it set (labels and readable values, never codes), and its undo state.

const KINDS = ['bulkupdate', 'bulkremove', 'bulkrestore', 'delete', 'import'] as const;

export function batchKind(t: TFunction, kind: string): string {
  return (KINDS as readonly string[]).includes(kind) ? t(`recent.kind.${kind as (typeof KINDS)[number]}`) : kind;
}

/** "Joukkomuokkaus: Jäsenlaji: Nuori, Kuoro: Kyllä", "Jäsenen poisto: Matti Meikäläinen", "Tuonti: uudet.csv" */
export function batchSummary(t: TFunction, b: BatchInfo): string {
  const value = (v: BatchInfo['summary']['changes'][number]['new']) =>
    v === null ? t('recent.cleared') : v === true ? t('member_list.yes') : v === false ? t('member_list.no') : String(v);
  const details =
    b.kind === 'bulkupdate'
      ? b.summary.changes.map((c) => `${c.label}: ${value(c.new)}`).join(', ')
      : b.kind === 'delete'
        ? (b.summary.member?.name ?? '')
        : b.kind === 'import'
          ? (b.summary.filename ?? '')
          : '';
  const kind = batchKind(t, b.kind);
  return details ? `${kind}: ${details}` : kind;
}

export function batchState(t: TFunction, b: BatchInfo): string {
  if (b.undone_at) {
    const time = formatFinnishDateTime(b.undone_at);
    return b.undone_by ? t('recent.undone_by', { time, name: b.undone_by.name }) : t('recent.undone', { time });
  }
  return b.can_undo ? t('recent.can_undo') : t('recent.not_undoable');
}
