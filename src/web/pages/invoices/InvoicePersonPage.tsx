import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate, formatFinnishDateTime } from '../../../shared/finnish/date';
import { formatAnyReference } from '../../../shared/invoices/sms-notice';
import type { InvoiceActionRow, InvoiceInstanceReply } from '../../../shared/schemas/invoices';
import { isApiError } from '../../api/errors';
import { useInstanceActions, useInvoicePerson } from '../../api/invoices';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { invoicePath, invoicePdfPath, PATHS } from '../../paths';
import { DELIVERY_COLORS, deliveryStatusLabel } from '../announcements/labels';
import { NotFoundContent } from '../errors/NotFoundContent';
import { InstanceActions } from './InstanceActions';
import { BackToInvoices } from './InvoiceNewPage';
import { actionLabel, STATUS_COLORS, statusLabel } from './labels';
import classes from './invoices.module.css';
import { Fact } from './Fact';

/** `/invoices/{id}/person/{person_id}`: one recipient's invoice, its deliveries, history and actions. */
export function InvoicePersonPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : null;
  const personId = /^\d+$/.test(params.personId ?? '') ? Number(params.personId) : null;
  const location = useLocation();
  // The invoice page's link says which page of instances the person was on.
  const state = location.state as { page?: number } | null;
  const invoice = useInvoicePerson(id, personId, typeof state?.page === 'number' ? state.page : 0);
  const inv = invoice.data;
  // The person's own invoice; their credit invoices are listed in its history.
  const own = inv?.instances.find((i) => i.person_id === personId && i.kind === 'invoice') ?? inv?.instances.find((i) => i.person_id === personId) ?? null;
  const actions = useInstanceActions(own?.id ?? null);

  const notFound = <NotFoundContent title={t('invoices.person_not_found')} backTo={id ? invoicePath(id) : PATHS.invoices} backLabel={t('invoices.back')} />;
  if (id === null || personId === null) return notFound;
  if (invoice.isError && !inv) {
    if (isApiError(invoice.error) && invoice.error.status === 404) return notFound;
    return (
      <>
        <PageHeader title={t('invoices.person_page')} />
        <ErrorBanner error={invoice.error} onRetry={() => void invoice.refetch()} />
      </>
    );
  }
  if (!inv) {
    return (
      <>
        <PageHeader title={t('invoices.person_page')} />
        <PageLoader minHeight={240} />
      </>
    );
  }
  if (!own) return notFound;
  const instance = actions.data?.instance ?? own;

  return (
    <>
      <PageHeader title={t('invoices.person_title', { name: instance.name, subject: inv.subject })}>
        <BackToInvoices to={invoicePath(inv.id)} label={t('invoices.back_to_invoice')} />
      </PageHeader>
      <Stack gap="lg">
        <InstanceFacts instance={instance} />
        <Deliveries instance={instance} />
        {actions.isError ? <ErrorBanner error={actions.error} onRetry={() => void actions.refetch()} /> : null}
        {actions.data ? (
          <>
            <History actions={actions.data.actions} />
            <InstanceActions instance={instance} rows={inv.invoice_rows_} actions={actions.data.actions} allowed={actions.data.allowed} />
          </>
        ) : !actions.isError ? (
          <PageLoader minHeight={120} />
        ) : null}
      </Stack>
    </>
  );
}

function InstanceFacts({ instance: i }: { instance: InvoiceInstanceReply }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id={titleId}>
          {i.kind === 'credit' ? t('invoices.credit_invoice_n', { number: i.invoice_number }) : t('invoices.invoice_n', { number: i.invoice_number })}
        </Title>
        <Badge variant="dot" size="lg" color={STATUS_COLORS[i.status_c]} tt="none" data-testid="person-status">
          {statusLabel(t, i.status_c)}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label={t('invoices.col_reference')} value={formatAnyReference(i.reference)} testId="person-reference" />
        <Fact label={t('invoices.date_due')} value={formatFinnishDate(i.date_due)} />
        <Fact label={t('invoices.col_sent')} value={i.date_sent ? formatFinnishDate(i.date_sent.slice(0, 10)) : '–'} />
        <Fact label={t('invoices.col_amount')} value={formatAmount(i.amount_c)} />
        <Fact label={t('invoices.col_paid')} value={formatAmount(i.amount_paid_c)} testId="person-paid" />
        <Fact label={t('invoices.col_open')} value={formatAmount(i.amount_open_c)} testId="person-open" />
        <Fact label={t('invoices.amount_credited')} value={formatAmount(i.amount_credited_c)} />
      </SimpleGrid>
      <Button component="a" href={invoicePdfPath(i.id)} variant="light" mt="md" leftSection={<IconFileTypePdf size={18} aria-hidden />} data-testid="download-pdf">
        {t('invoices.download_pdf')}
      </Button>
    </Paper>
  );
}

function Deliveries({ instance }: { instance: InvoiceInstanceReply }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {t('invoices.deliveries')}
      </Title>
      {instance.msg_statuses.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('invoices.no_deliveries')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" aria-label={t('invoices.deliveries')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('invoices.col_address')}</Table.Th>
                <Table.Th scope="col">{t('invoices.col_status')}</Table.Th>
                <Table.Th scope="col">{t('invoices.col_time')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {instance.msg_statuses.map((m, k) => (
                <Table.Tr key={k}>
                  <Table.Td className={classes.wrapAnywhere}>{m.recipient_address || m.medium}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={DELIVERY_COLORS[m.status]} tt="none">
                      {deliveryStatusLabel(t, m.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{m.date_sent ? formatFinnishDateTime(m.date_sent, t('log.klo')) : '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

function History({ actions }: { actions: InvoiceActionRow[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mb="sm">
        {t('invoices.history_title')}
      </Title>
      {actions.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('invoices.history_none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label={t('invoices.history_title')} data-testid="history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('invoices.col_time')}</Table.Th>
                <Table.Th scope="col">{t('invoices.col_action')}</Table.Th>
                <Table.Th scope="col" ta="right">{t('invoices.amount')}</Table.Th>
                <Table.Th scope="col">{t('invoices.comment')}</Table.Th>
                <Table.Th scope="col">{t('invoices.col_author')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {actions.map((a) => (
                <Table.Tr key={a.id} data-testid="history-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFinnishDateTime(a.created_at, t('log.klo'))}</Table.Td>
                  <Table.Td>
                    {actionLabel(t, a.action_type)}
                    {a.action_type === 'credit' && a.credit_instance_id !== null ? (
                      <>
                        {' '}
                        <Anchor href={invoicePdfPath(a.credit_instance_id)} size="sm">
                          {t('invoices.credit_pdf', { number: a.credit_invoice_number ?? '' })}
                        </Anchor>
                      </>
                    ) : null}
                    {a.pay_date ? (
                      <Text size="xs" c="dimmed">
                        {t('invoices.paid_on', { date: formatFinnishDate(a.pay_date), payer: a.payer_name ?? '' })}
                      </Text>
                    ) : null}
                    {a.action_type === 'reminder' && a.date_due ? (
                      <Text size="xs" c="dimmed">
                        {t('invoices.reminder_due', { date: formatFinnishDate(a.date_due) })}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{a.amount_c !== null ? formatAmount(a.amount_c) : ''}</Table.Td>
                  <Table.Td className={classes.wrapAnywhere}>{a.comment}</Table.Td>
                  <Table.Td className={classes.wrapAnywhere}>{a.author}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
