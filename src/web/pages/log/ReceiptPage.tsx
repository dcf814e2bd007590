import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileTypePdf, IconMail, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatAmount } from '../../../shared/finnish/amount';
import type { Receipt } from '../../../shared/schemas/payments';
import { isApiError } from '../../api/errors';
import { receiptPdfUrl, useReceipt } from '../../api/payments';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { LogEntryPage } from './LogEntryPage';
import { useCodeText } from './LogMoneyNav';
import { useMoneyTime } from './moneyFormat';
import classes from './receipt.module.css';

/** `/log/{id}`: the receipt view when asked for a receipt (`?nayta=kuitti`), else the log entry. */
export function LogIdPage() {
  const [params] = useSearchParams();
  return params.get('nayta') === 'kuitti' ? <ReceiptPage /> : <LogEntryPage />;
}

const vatText = (percent: number) => `${String(percent).replace('.', ',')} %`;

/** One receipt, printable (print CSS prints the receipt alone) and as PDF. */
function ReceiptPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const receiptId = /^\d{1,15}$/.test(id ?? '') && Number(id) > 0 ? Number(id) : null;
  const receipt = useReceipt(receiptId);

  if (receiptId === null || (isApiError(receipt.error) && receipt.error.status === 404)) {
    return <NotFoundContent title={t('receipt.not_found')} backTo={PATHS.logReceipts} backLabel={t('receipt.back')} />;
  }
  const r = receipt.data;
  return (
    <>
      <PageHeader title={r ? t('receipt.page', { number: r.number }) : t('receipt.page_loading')} />
      <Stack gap="md">
        <Group gap="sm" className={classes.noPrint}>
          <Button component={Link} to={PATHS.logReceipts} variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />}>
            {t('receipt.back')}
          </Button>
          {r ? (
            <>
              <Button onClick={() => window.print()} variant="default" leftSection={<IconPrinter size={18} aria-hidden />}>
                {t('receipt.print')}
              </Button>
              <Button component="a" href={receiptPdfUrl(r.id)} variant="default" leftSection={<IconFileTypePdf size={18} aria-hidden />} data-testid="receipt-pdf">
                {t('receipt.pdf')}
              </Button>
              <Button component={Link} to={`${PATHS.balanceSendEmail}?kuitti=${String(r.id)}`} variant="default" leftSection={<IconMail size={18} aria-hidden />}>
                {t('balance.send_email')}
              </Button>
            </>
          ) : null}
        </Group>
        {receipt.isError ? <ErrorBanner error={receipt.error} onRetry={() => void receipt.refetch()} /> : null}
        {r ? <ReceiptView receipt={r} /> : receipt.isError ? null : <PageLoader minHeight={200} />}
      </Stack>
    </>
  );
}

function Party({ title, party }: { title: string; party: Receipt['seller'] }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text fw={700}>{title}</Text>
      <Text>{party.name}</Text>
      {party.business_id ? <Text>{t('receipt.business_id', { id: party.business_id })}</Text> : null}
      {party.address ? <Text style={{ whiteSpace: 'pre-line' }}>{party.address}</Text> : null}
      {party.email ? <Text>{party.email}</Text> : null}
    </div>
  );
}

export function ReceiptView({ receipt: r }: { receipt: Receipt }) {
  const { t } = useTranslation();
  const time = useMoneyTime();
  const code = useCodeText();
  return (
    <Paper withBorder p="lg" className={classes.receipt} data-testid="receipt" component="article" aria-labelledby="receipt-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="receipt-title">
            {t('receipt.title', { number: r.number })}
          </Title>
          <Text>{time(r.at)}</Text>
          <Text>
            {t('receipt.method')}: {code('money.method', r.method)}
          </Text>
          <Text size="sm">{t('receipt.payment_id', { id: r.payment_id })}</Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Party title={t('receipt.seller')} party={r.seller} />
          <Party title={t('receipt.buyer')} party={r.buyer} />
        </SimpleGrid>
        <Table aria-label={t('receipt.rows')} data-testid="receipt-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('receipt.col_title')}</Table.Th>
              <Table.Th scope="col" className={classes.amount}>
                {t('receipt.col_count')}
              </Table.Th>
              <Table.Th scope="col" className={classes.amount}>
                {t('receipt.col_unit')}
              </Table.Th>
              <Table.Th scope="col" className={classes.amount}>
                {t('receipt.col_vat')}
              </Table.Th>
              <Table.Th scope="col" className={classes.amount}>
                {t('receipt.col_total')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.rows.map((row, i) => (
              <Table.Tr key={i}>
                <Table.Th scope="row" fw={400}>
                  {row.title}
                </Table.Th>
                <Table.Td className={classes.amount}>{row.count}</Table.Td>
                <Table.Td className={classes.amount}>{formatAmount(row.unit_cents)}</Table.Td>
                <Table.Td className={classes.amount}>{vatText(row.vat_percent)}</Table.Td>
                <Table.Td className={classes.amount}>{formatAmount(row.total_cents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={4}>
                {t('receipt.total')}
              </Table.Th>
              <Table.Td className={classes.amount} fw={700} data-testid="receipt-total">
                {formatAmount(r.amount_cents)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
        <Table aria-label={t('receipt.vat_title')} w="auto" data-testid="receipt-vat">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('receipt.col_vat')}</Table.Th>
              <Table.Th scope="col" className={classes.amount}>
                {t('receipt.col_net')}
              </Table.Th>
              <Table.Th scope="col" className={classes.amount}>
                {t('receipt.col_vat_amount')}
              </Table.Th>
              <Table.Th scope="col" className={classes.amount}>
                {t('receipt.col_gross')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.vat.map((v) => (
              <Table.Tr key={v.vat_percent}>
                <Table.Th scope="row" fw={400}>
                  {vatText(v.vat_percent)}
                </Table.Th>
                <Table.Td className={classes.amount}>{formatAmount(v.net_cents)}</Table.Td>
                <Table.Td className={classes.amount}>{formatAmount(v.vat_cents)}</Table.Td>
                <Table.Td className={classes.amount}>{formatAmount(v.gross_cents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Anchor component={Link} to={PATHS.logTransactions} className={classes.noPrint}>
          {t('receipt.to_transactions')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
