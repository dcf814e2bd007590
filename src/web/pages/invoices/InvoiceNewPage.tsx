import { Alert, Button, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useInvoice } from '../../api/invoices';
import { isApiError } from '../../api/errors';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { messageText } from '../../i18n/messages';
import { invoicePath, PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { InvoiceComposer } from './InvoiceComposer';
import { draftFromReply, emptyDraft, helsinkiToday } from './invoiceModel';

/** `/invoices/new` */
export function InvoiceNewPage() {
  const { t } = useTranslation();
  const [initial] = useState(() => emptyDraft(helsinkiToday()));
  return (
    <>
      <PageHeader title={t('invoices.new_page')}>
        <BackToInvoices />
      </PageHeader>
      <InvoiceComposer id={null} initial={initial} />
    </>
  );
}

export function BackToInvoices({ to = PATHS.invoices, label }: { to?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={to} variant="light" leftSection={<IconArrowLeft size={18} aria-hidden />}>
      {label ?? t('invoices.back')}
    </Button>
  );
}

/** Why recipients cannot be added, as the server says (message keys). */
export function AddBlockers({ blockers }: { blockers: string[] }) {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="add-blockers">
      <Text fw={700}>{t('invoices.add_blocked_title')}</Text>
      <List size="sm">
        {blockers.map((b) => (
          <List.Item key={b}>{messageText(b, undefined, 'invoices.add_blocked_generic')}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** `/invoices/new/{id}`: more recipients for a sent invoice; rows and text stay as they were. */
export function InvoiceAddRecipientsPage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = /^\d+$/.test(param ?? '') ? Number(param) : null;
  const query = useInvoice(id);
  const inv = query.data;
  const notFound = <NotFoundContent title={t('invoices.not_found')} backTo={PATHS.invoices} backLabel={t('invoices.back')} />;
  if (id === null) return notFound;
  if (query.isError && !inv) {
    if (isApiError(query.error) && query.error.status === 404) return notFound;
    return (
      <>
        <PageHeader title={t('invoices.add_page')} />
        <ErrorBanner error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (!inv) {
    return (
      <>
        <PageHeader title={t('invoices.add_page')} />
        <PageLoader minHeight={240} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('invoices.add_page_of', { subject: inv.subject })}>
        <BackToInvoices to={invoicePath(inv.id)} label={t('invoices.back_to_invoice')} />
      </PageHeader>
      {inv.can_add_recipients ? (
        <InvoiceComposer key={inv.id} id={null} addTo={inv.id} initial={{ ...draftFromReply(inv), filter: [], addrecips: [] }} />
      ) : (
        <AddBlockers blockers={inv.add_recipients_blockers} />
      )}
    </>
  );
}
