import { Anchor, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BankUpload } from '../../api/bank';
import { PageHeader } from '../../components/PageHeader';
import { PATHS } from '../../paths';
import { DryRunView } from './DryRunView';
import { ReviewList } from './ReviewList';
import { StatementsList } from './StatementsList';
import { StatementUpload } from './StatementUpload';
import classes from '../invoices/reports/reports.module.css';

/**
 * `/invoices/payments` ("Pankkimaksut"): load a bank statement (camt.054, camt.053, KTL), see
 * its dry run and book it; the imports with undo; the payments waiting for a decision.
 */
export function BankPaymentsPage() {
  const { t } = useTranslation();
  const [dryRun, setDryRun] = useState<{ upload: BankUpload; filename: string } | null>(null);

  const showDryRun = (upload: BankUpload, filename: string) => setDryRun({ upload, filename });

  const closeDryRun = () => {
    setDryRun(null);
    // The file input is enabled again: the next statement starts there.
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>('[data-testid="bank-file"]')?.focus());
  };

  return (
    <div className={classes.page}>
      <Anchor component={Link} to={PATHS.invoices} mb="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
        <IconArrowLeft size={16} aria-hidden />
        {t('invoices.back')}
      </Anchor>
      <PageHeader title={t('bank.page')} />
      <Stack gap="xl">
        <Text maw={760}>{t('bank.intro')}</Text>
        <StatementUpload disabled={dryRun !== null} onUploaded={showDryRun} />
        {dryRun ? <DryRunView key={dryRun.upload.id} upload={dryRun.upload} filename={dryRun.filename} onDone={closeDryRun} /> : null}
        <StatementsList />
        <ReviewList />
      </Stack>
    </div>
  );
}
