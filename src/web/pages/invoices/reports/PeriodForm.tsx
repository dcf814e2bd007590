import { Button, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFinnishDate, parseFinnishDate } from '../../../../shared/finnish/date';
import type { Period } from '../../../api/invoiceReports';
import { fieldMessageText } from '../../../i18n/messages';
import { helsinkiToday, reportYears, yearOf, yearPeriod } from './reportParams';

// The period picker of the reports: a year (this year back to 2016) fills in 1.1.–31.12.,
// or any days typed as d.M.yyyy; "Näytä" checks them and shows the report.

interface Draft {
  year: string;
  from: string;
  to: string;
}

const draftOf = (p: Period): Draft => ({ year: String(yearOf(p) ?? ''), from: formatFinnishDate(p.from), to: formatFinnishDate(p.to) });

export function PeriodForm({ period, onApply }: { period: Period; onApply(p: Period): void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(period));
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);

  const chooseYear = (year: string) => {
    if (year === '') return setDraft({ ...draft, year });
    const p = yearPeriod(Number(year));
    setDraft({ year, from: formatFinnishDate(p.from), to: formatFinnishDate(p.to) });
    setErrors({});
  };
  // Typing a day makes the period a free one.
  const type = (key: 'from' | 'to', value: string) => setDraft({ ...draft, [key]: value, year: '' });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const from = parseFinnishDate(draft.from);
    const to = parseFinnishDate(draft.to);
    const next: typeof errors = {};
    if (from === null) next.from = fieldMessageText('_validation_date_invalid');
    if (to === null) next.to = fieldMessageText('_validation_date_invalid');
    else if (from !== null && from > to) next.to = fieldMessageText('invoice_report_period_reversed');
    setErrors(next);
    if (next.from) return fromRef.current?.focus();
    if (next.to) return toRef.current?.focus();
    onApply({ from: from!, to: to! });
  };

  return (
    <Paper component="form" withBorder p="md" onSubmit={apply} aria-label={t('invoice_reports.period_title')} noValidate>
      <Group align="flex-start" gap="md" wrap="wrap">
        <NativeSelect
          label={t('invoice_reports.period_year')}
          value={draft.year}
          onChange={(e) => chooseYear(e.currentTarget.value)}
          data={[...reportYears(helsinkiToday()).map((y) => String(y)), { value: '', label: t('invoice_reports.period_free') }]}
          w={170}
          data-testid="period-year"
        />
        <TextInput
          ref={fromRef}
          label={t('invoice_reports.period_from')}
          description={t('invoice_reports.date_help')}
          value={draft.from}
          onChange={(e) => type('from', e.currentTarget.value)}
          error={errors.from}
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          w={190}
          data-testid="period-from"
        />
        <TextInput
          ref={toRef}
          label={t('invoice_reports.period_to')}
          description={t('invoice_reports.date_help')}
          value={draft.to}
          onChange={(e) => type('to', e.currentTarget.value)}
          error={errors.to}
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          w={190}
          data-testid="period-to"
        />
      </Group>
      <Button type="submit" mt="md" leftSection={<IconCalendar size={18} aria-hidden />} data-testid="period-apply">
        {t('invoice_reports.apply')}
      </Button>
    </Paper>
  );
}

/** One day (the receivables' date). */
export function DayForm({ date, onApply }: { date: string; onApply(day: string): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(formatFinnishDate(date));
  const [error, setError] = useState<string | undefined>();
  const ref = useRef<HTMLInputElement>(null);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const day = parseFinnishDate(value);
    if (day === null) {
      setError(fieldMessageText('_validation_date_invalid'));
      return ref.current?.focus();
    }
    setError(undefined);
    onApply(day);
  };
  return (
    <Paper component="form" withBorder p="md" onSubmit={apply} aria-label={t('invoice_reports.receivables_form')} noValidate>
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          ref={ref}
          label={t('invoice_reports.receivables_date')}
          description={t('invoice_reports.date_help')}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error}
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          w={190}
          data-testid="receivables-date"
        />
        <Button type="submit" leftSection={<IconCalendar size={18} aria-hidden />} data-testid="period-apply">
          {t('invoice_reports.apply')}
        </Button>
      </Group>
    </Paper>
  );
}
