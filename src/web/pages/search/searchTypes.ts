import type { TFunction } from 'i18next';
import type { MessageKey } from '../../../shared/i18n';
import { formatFinnishDateTime } from '../../../shared/finnish/date';
import { formatFinnishMobile } from '../../../shared/finnish/phone';
import { formatReference } from '../../../shared/finnish/reference';
import { formatRfReference } from '../../../shared/finnish/rf-reference';
import type { SessionUser } from '../../../shared/schemas/session';
import type { AnySearchReply, SearchReplies, SearchType } from '../../api/search';
import { canOpen } from '../../access';
import {
  announcementPath,
  invoicePath,
  invoicePersonPath,
  memberEditPath,
  memberHistoryPath,
  PATHS,
  updateRequestPath,
  type AppPath,
} from '../../paths';
import { SEARCH_TYPES } from '../../api/search';

// What each searchable type looks like in the header box and on the search page: its
// heading, the page that decides who may search it, and each hit as a title, a detail line,
// table cells and the page it opens. Data and pure functions only, shared by both views.

export interface SearchHit {
  key: string;
  title: string;
  detail: string;
  /** The search page's columns after the title (see `columns`). */
  cells: string[];
  /** Null when the user may not open the item's page. */
  path: string | null;
}

interface TypeInfo {
  label: MessageKey;
  /** A user who may open this page may search the type (its supersearch has the same role). */
  page: AppPath;
  columns: MessageKey[];
}

export const SEARCH_TYPE_INFO: Record<SearchType, TypeInfo> = {
  members: { label: 'nav.members', page: PATHS.members, columns: ['search.col_email', 'search.col_phone'] },
  invoices: { label: 'nav.invoices', page: PATHS.invoices, columns: ['search.col_invoice', 'search.col_number', 'search.col_reference', 'search.col_sent'] },
  announcements: { label: 'nav.announcements', page: PATHS.announcements, columns: ['search.col_sent'] },
  updreqs: { label: 'nav.updreqs', page: PATHS.updateRequests, columns: ['search.col_sent'] },
};

type User = Pick<SessionUser, 'board' | 'site_admin'>;

/** The types this user may search, in the fixed order of the headings and tabs. */
export const searchableTypes = (user: User): SearchType[] => SEARCH_TYPES.filter((type) => canOpen(user, SEARCH_TYPE_INFO[type].page));

export const searchPath = (type: SearchType, term: string): string =>
  PATHS.search.replace(':type', type).replace(':term', encodeURIComponent(term));

/** References are shown as printed on the invoice: national in fives, RF in fours. */
export const printedReference = (ref: string): string => (ref.startsWith('RF') ? formatRfReference(ref) : formatReference(ref));

const sentText = (t: TFunction, sentAt: string | null): string => (sentAt ? formatFinnishDateTime(sentAt, t('log.klo')) : t('search.not_sent'));

export function searchHits(type: SearchType, reply: AnySearchReply, user: User, t: TFunction): SearchHit[] {
  const open = (path: AppPath, to: string): string | null => (canOpen(user, path) ? to : null);
  switch (type) {
    case 'members':
      return (reply as SearchReplies['members']).results.map((m) => {
        const phone = m.phone ? formatFinnishMobile(m.phone) : '';
        return {
          key: `m${String(m.id)}`,
          title: m.fullname_,
          detail: m.email ?? phone,
          cells: [m.email ?? '', phone],
          path: open(PATHS.memberEdit, memberEditPath(m.id)) ?? open(PATHS.memberHistory, memberHistoryPath(m.id)),
        };
      });
    case 'invoices':
      return (reply as SearchReplies['invoices']).results.map((i) => {
        const sent = sentText(t, i.sent_at);
        if (i.instance_id === null) {
          return { key: `i${String(i.id)}`, title: i.subject, detail: sent, cells: ['', '', '', sent], path: open(PATHS.invoice, invoicePath(i.id)) };
        }
        const number = i.invoice_number === null ? '' : String(i.invoice_number);
        const reference = i.reference ? printedReference(i.reference) : '';
        return {
          key: `ii${String(i.instance_id)}`,
          title: i.name ?? i.subject,
          detail: t('search.invoice_detail', { subject: i.subject, number, reference }),
          cells: [i.subject, number, reference, sent],
          // The recipient's page of the invoice; an erased recipient leaves the invoice's own page.
          path: i.person_id === null ? open(PATHS.invoice, invoicePath(i.id)) : open(PATHS.invoicePerson, invoicePersonPath(i.id, i.person_id)),
        };
      });
    case 'announcements':
    case 'updreqs': {
      const page = type === 'announcements' ? PATHS.announcement : PATHS.updateRequest;
      const to = type === 'announcements' ? announcementPath : updateRequestPath;
      return (reply as SearchReplies['announcements']).results.map((m) => {
        const sent = sentText(t, m.sent_at);
        return { key: `${type}${String(m.id)}`, title: m.subject, detail: sent, cells: [sent], path: open(page, to(m.id)) };
      });
    }
  }
}

/** Members answer "more" when their page is full; the tab count then reads "100+". */
export const hasMore = (reply: AnySearchReply | undefined): boolean => reply !== undefined && 'more' in reply && reply.more;
