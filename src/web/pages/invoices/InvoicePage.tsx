import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { INVOICE_STATUSES, type InvoiceStatus } from '../../../shared/invoices/status';
import { isApiError } from '../../api/errors';
import { useInvoice } from '../../api/invoices';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { InvoiceComposer } from './InvoiceComposer';
import { draftFromReply } from './invoiceModel';
import { BackToInvoices } from './InvoiceNewPage';
import { InvoiceSent } from './InvoiceSent';

const asStatus = (s: string | null): InvoiceStatus | null => ((INVOICE_STATUSES as readonly string[]).includes(s ?? '') ? (s as InvoiceStatus) : null);

/** `/invoices/{id}`: a draft opens in the composer; a sent invoice shows its sums and instances. */
export function InvoicePage() {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = /^\d+$/.test(param ?? '') ? Number(param) : null;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('sivu') ?? '1') || 1);
  const status = asStatus(params.get('tila'));
  const query = useInvoice(id, page - 1, status);
  const inv = query.data;

  const notFound = <NotFoundContent title={t('invoices.not_found')} backTo={PATHS.invoices} backLabel={t('invoices.back')} />;
  if (id === null) return notFound;
  if (query.isError && !inv) {
    if (isApiError(query.error) && query.error.status === 404) return notFound;
    return (
      <>
        <PageHeader title={t('invoices.page')}>
          <BackToInvoices />
        </PageHeader>
        <ErrorBanner error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  if (!inv) {
    return (
      <>
        <PageHeader title={t('invoices.page')} />
        <PageLoader minHeight={240} />
      </>
    );
  }
  if (inv.status === 'draft') {
    return (
      <>
        <PageHeader title={t('invoices.draft_page')}>
          <BackToInvoices />
        </PageHeader>
        <InvoiceComposer key={inv.id} id={inv.id} initial={draftFromReply(inv)} />
      </>
    );
  }
  const set = (p: number, s: InvoiceStatus | null) => {
    const next: Record<string, string> = {};
    if (p !== 1) next.sivu = String(p);
    if (s) next.tila = s;
    setParams(next, { preventScrollReset: true });
  };
  return (
    <>
      <PageHeader title={inv.subject.trim() || t('invoices.no_subject')}>
        <BackToInvoices />
      </PageHeader>
      <InvoiceSent invoice={inv} page={page} onPage={(p) => set(p, status)} status={status} onStatus={(s) => set(1, s)} error={query.error} />
    </>
  );
}
