import { useDebouncedValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { PREVIEW_DEBOUNCE_MS } from '../../../shared/constants';
import { useInvoicePreview } from '../../api/invoices';
import { isApiError } from '../../api/errors';
import { type InvoiceDraft, previewBody, recipientsOnlyBody } from './invoiceModel';

/**
 * The preview of the invoice draft. Text, rows and dates reach it PREVIEW_DEBOUNCE_MS (1 s)
 * after the last change; recipient changes at once (the filter editor already waits), as in
 * the announcement composer.
 */
export function useDebouncedInvoicePreview(draft: InvoiceDraft, vatObliged: boolean, today: string, addTo?: number) {
  const textKey = JSON.stringify([draft.msg_media, draft.subject, draft.description, draft.rows, draft.date_due, draft.sms_notify]);
  const [debouncedText] = useDebouncedValue(textKey, PREVIEW_DEBOUNCE_MS);
  const recipientsKey = JSON.stringify([draft.filter, draft.addrecips]);
  const body = useMemo(() => {
    const [msg_media, subject, description, rows, date_due, sms_notify] = JSON.parse(debouncedText) as [
      InvoiceDraft['msg_media'],
      string,
      string,
      InvoiceDraft['rows'],
      string,
      boolean,
    ];
    const [filter, addrecips] = JSON.parse(recipientsKey) as [InvoiceDraft['filter'], number[]];
    const b = previewBody({ msg_media, subject, description, rows, date_due, sms_notify, filter, addrecips }, vatObliged);
    // Adding recipients: the sent invoice's own rows and media; those already invoiced are left out.
    return b && addTo !== undefined ? { ...b, add_to: addTo } : b;
  }, [debouncedText, recipientsKey, vatObliged, addTo]);
  const query = useInvoicePreview(body);
  const settled = debouncedText === textKey && !query.isFetching && !query.isPlaceholderData;
  // The draft cannot be previewed yet (its fields say why): the recipients are still counted.
  const invalid = isApiError(query.error) && query.error.status === 400;
  const counted = useInvoicePreview(invalid && body && addTo === undefined ? recipientsOnlyBody(body, today) : null);
  const recipients = query.data ?? (invalid ? counted.data : undefined);
  return { query, body, settled, recipientCount: recipients?.recipient_count ?? null, counting: query.isFetching || counted.isFetching };
}
