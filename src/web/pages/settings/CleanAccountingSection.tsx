import { Button, Group, List, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanableYears } from '../../../shared/finnish/accounting';
import { CLEAN_KINDS, type CleanCounts } from '../../../shared/schemas/retention';
import { useCleanAccountingData } from '../../api/retention';
import { fieldErrorKeys } from '../../api/errorKeys';
import { isApiError } from '../../api/errors';
import { ConfirmModal } from '../../components/ConfirmModal';
import { ErrorBanner } from '../../components/ErrorBanner';
import { notifySuccess } from '../../components/notify';
import { fieldMessageText } from '../../i18n/messages';

/**
 * "Kirjanpitoaineiston poisto": whole years past the six-year retention, previewed (a dry
 * run's counts in a confirmation) before anything is deleted.
 */
export function CleanAccountingSection() {
  const { t } = useTranslation();
  const years = cleanableYears(new Date().getFullYear());
  const [period, setPeriod] = useState<string>(years[0] ? String(years[0]) : '');
  const [preview, setPreview] = useState<CleanCounts | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const clean = useCleanAccountingData();
  const selectRef = useRef<HTMLSelectElement>(null);
  const headingId = 'clean-accounting-heading';

  const fail = (e: unknown) => {
    const keys = fieldErrorKeys(e, ['period']);
    if (keys.period) {
      setFieldError(fieldMessageText(keys.period, isApiError(e) ? e.params : undefined));
      selectRef.current?.focus();
    } else setError(e);
  };
  const countsText = (c: CleanCounts) => CLEAN_KINDS.filter((k) => c[k] > 0).map((k) => t(`retention.kind_${k}`, { count: c[k] }));

  const showPreview = async () => {
    setError(null);
    setFieldError(null);
    try {
      setPreview((await clean.mutateAsync({ period: Number(period), dry_run: true })).counts);
    } catch (e) {
      fail(e);
    }
  };
  const confirm = async () => {
    try {
      const r = await clean.mutateAsync({ period: Number(period) });
      setPreview(null);
      const parts = countsText(r.counts);
      notifySuccess(parts.length > 0 ? t('retention.clean_done', { what: parts.join(', ') }) : t('retention.clean_done_nothing'));
    } catch (e) {
      setPreview(null);
      fail(e);
    }
  };
  const previewParts = preview ? countsText(preview) : [];

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {t('retention.clean_title')}
      </Title>
      <Text>{t('retention.clean_intro')}</Text>
      <ErrorBanner error={error} />
      {years.length === 0 ? (
        <Text>{t('retention.clean_no_years')}</Text>
      ) : (
        <Group align="flex-end">
          <NativeSelect
            ref={selectRef}
            label={t('retention.clean_period')}
            description={t('retention.clean_period_help')}
            data={years.map((y) => ({ value: String(y), label: t('retention.clean_period_option', { year: y }) }))}
            value={period}
            error={fieldError}
            onChange={(e) => {
              setPeriod(e.currentTarget.value);
              setFieldError(null);
            }}
          />
          <Button variant="default" color="red" onClick={() => void showPreview()} loading={clean.isPending && !preview}>
            {t('retention.clean_preview')}
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={preview !== null}
        title={t('retention.clean_confirm_title', { year: period })}
        confirmLabel={t('retention.clean_confirm')}
        danger
        pending={clean.isPending}
        onCancel={() => setPreview(null)}
        onConfirm={() => void confirm()}
      >
        {previewParts.length === 0 ? (
          <Text>{t('retention.clean_nothing')}</Text>
        ) : (
          <>
            <Text fw={600}>{t('retention.clean_will_delete')}</Text>
            <List data-testid="clean-preview">
              {previewParts.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
            <Text>{t('retention.clean_cannot_undo')}</Text>
          </>
        )}
      </ConfirmModal>
    </Stack>
  );
}
