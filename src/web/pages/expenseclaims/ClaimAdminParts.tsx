import { Anchor, Button, Group, Image, Stack, Textarea } from '@mantine/core';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExpenseClaimReply } from '../../../shared/schemas/expenseclaims';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { EXPENSE_COMMENT_MAX } from '../../../shared/constants';
import { useAddExpenseComment } from '../../api/expenseclaimsAdmin';
import { fieldErrorKeys } from '../../api/errorKeys';
import { ErrorBanner } from '../../components/ErrorBanner';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { isApiError } from '../../api/errors';
import { PATHS } from '../../paths';
import { NotFoundContent } from '../errors/NotFoundContent';
import { BackToExpenseClaims } from './ExpenseClaimsArchivePage';
import { NewTabLink } from '../../components/NewTabLink';
import { notifySuccess } from '../../components/notify';
import { fieldMessageText } from '../../i18n/messages';

// Parts of the treasurer's claim view: a receipt cell (image thumbnail or PDF link) and the
// comment form.

const FIELDS = ['comment'] as const;

export function Receipt({ item }: { item: ExpenseClaimReply['items'][number] }) {
  const { t } = useTranslation();
  const r = item.receipt;
  if (!r) return <>–</>;
  if (r.mime === 'application/pdf') {
    return (
      <NewTabLink href={r.url} newTabText={t('eclaimadmin.new_tab')} data-testid="eclaim-receipt-pdf">
        {t('eclaimadmin.receipt_pdf')}
      </NewTabLink>
    );
  }
  // A thumbnail that opens the full image in a new tab; the link's name is the alt text.
  return (
    <Anchor href={r.url} target="_blank" rel="noopener" data-testid="eclaim-receipt-image" style={{ display: 'inline-block' }}>
      <Image src={r.url} alt={t('eclaimadmin.receipt_image', { description: item.description || formatFinnishDate(item.date) })} w={96} h={96} fit="contain" radius="sm" bd="1px solid var(--mantine-color-gray-4)" />
    </Anchor>
  );
}

export function CommentForm({ claimId }: { claimId: number }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const add = useAddExpenseComment();
  const ref = useRef<HTMLTextAreaElement>(null);
  const key = fieldErrorKeys(add.error, FIELDS).comment;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (add.isPending) return;
    add.mutate(
      { id: claimId, comment: comment.trim() },
      {
        onSuccess: () => {
          setComment('');
          notifySuccess(t('eclaimadmin.comment_done'));
        },
        onError: () => ref.current?.focus(),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs" maw={640}>
        <ErrorBanner error={add.error} fields={FIELDS} />
        <Textarea
          ref={ref}
          label={t('eclaimadmin.add_comment')}
          description={t('eclaimadmin.comment_help')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          error={key ? fieldMessageText(key) : null}
          maxLength={EXPENSE_COMMENT_MAX}
          autosize
          minRows={2}
          data-testid="eclaim-comment"
        />
        <Group>
          <Button type="submit" variant="default" loading={add.isPending} data-testid="eclaim-comment-submit">
            {t('eclaimadmin.comment_submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}


/**
 * What a treasurer's page shows until its data is there: not found (a malformed address or a
 * 404), the error with a retry, or the loader.
 */
export function TreasurerPageFallback({ valid, query }: { valid: boolean; query: { data: unknown; isError: boolean; error: unknown; refetch: () => unknown } }): ReactNode {
  const { t } = useTranslation();
  const notFound = <NotFoundContent title={t('eclaimadmin.not_found')} backTo={PATHS.expenseClaims} backLabel={t('eclaimadmin.back')} />;
  if (!valid) return notFound;
  if (query.isError && !query.data) {
    if (isApiError(query.error) && query.error.status === 404) return notFound;
    return (
      <>
        <PageHeader title={t('eclaimadmin.page')}>
          <BackToExpenseClaims />
        </PageHeader>
        <ErrorBanner error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('eclaimadmin.page')} />
      <PageLoader minHeight={240} />
    </>
  );
}
