import { filterToParam } from '../shared/filter/normalize';
import type { Filter } from '../shared/filter/types';

// Every path of the app as a router pattern, and the builders that fill in their parameters.
// Data only: anything may import this file, so it imports no page, component or route table
// (which role may open a path is in access.ts, which page renders it in routes.tsx).

export const PATHS = {
  dashboard: '/',
  login: '/@login',
  logout: '/@logout',
  /** The public membership application; outside the signed-in layout, embeddable with ?embed=1. */
  apply: '/@apply',
  /** Forgotten password: ask for a link, then set a new password with it. */
  reset: '/@reset',
  resetPassword: '/@reset/:token',

  members: '/members',
  memberAdd: '/members/add',
  memberEdit: '/members/:id/edit',
  memberHistory: '/members/:id/history',
  membersRemoved: '/members/removed',
  membersRecent: '/members/recent',
  memberApplications: '/members/applications',
  membersBulkEdit: '/members/bulkedit/:filter', // filter as JSON
  memberExport: '/member_export/:filter',
  memberImports: '/members/imports/all',
  memberImport: '/members/import',

  fields: '/config/fields',
  fieldAdd: '/config/fields/add',
  field: '/config/fields/:id',
  groups: '/config/groups',
  groupAdd: '/config/groups/add',
  group: '/config/groups/:id',

  settings: '/config/settings',
  settingsEclaim: '/config/settings_eclaim',
  settingsMembercard: '/config/settings_membercard',
  /** Retention settings and the clean-up of old accounting data. */
  settingsRetention: '/config/settings_retention',
  /** Inactive members listed for review by the retention setting. */
  retentionReview: '/members/retention_review',
  mandate: '/config/mandate',
  security: '/config/security',
  language: '/config/lang/:locale',

  log: '/log',
  logTransactions: '/log/transactions',
  logReceipts: '/log/receipts',
  logTransactionReport: '/log/transaction_report_xls',
  logReceipt: '/log/:id',

  invoices: '/invoices',
  invoiceNew: '/invoices/new',
  invoiceAddRecipients: '/invoices/new/:id',
  invoiceReport: '/invoices/report',
  invoiceSalesList: '/invoices/sales_invoice_list',
  invoiceReceivable: '/invoices/accounts_receivable',
  /** Bank statements in, their dry run and imports, and the payments waiting for review. */
  invoicePayments: '/invoices/payments',
  invoiceReminder: '/invoices/reminder/:id',
  invoicePdf: '/invoices/download_pdf/:file', // "{id}.pdf": a router segment cannot hold a param and a suffix
  invoice: '/invoices/:id',
  invoicePerson: '/invoices/:id/person/:personId',
  invoiceReportXls: '/invoice_report/xls',
  invoiceReportRefs: '/invoice_report/refs',

  letterPreview: '/msg/letter-preview/:file', // "{message_id}.{ext}"
  letterPreviewPage: '/msg/letter-preview/:messageId/:file', // "{page}.{ext}"
  messageShow: '/msg/show/:media/:id',

  announcements: '/announcements',
  announcementNew: '/announcements/new',
  announcement: '/announcements/:id',

  membercards: '/membercard',
  membercardNew: '/membercard/new',
  membercard: '/membercard/:id',

  expenseClaims: '/expenseclaim',
  /** A member's new claim (the claimant's own form). */
  expenseClaimNew: '/expenseclaim/new',
  expenseClaimArchive: '/expenseclaim/archive',
  expenseClaimView: '/expenseclaim/view/:personId/:accountNumber',
  expenseClaim: '/expenseclaim/:id',
  expenseClaimPdf: '/claim_download_pdf/:personId/:accountNumber/:status/:timestamp',

  updateRequests: '/updreqs',
  updateRequestNew: '/updreqs/new',
  updateRequestEditLinks: '/updreqs/get_edit_links',
  updateRequest: '/updreqs/:id',
  editMeHash: '/edit_me_h/:hash',
  /** The member's own expense claims by personal link (public; the link is sent as a header, not read from the URL by the API). */
  editMeHashClaims: '/edit_me_h/:hash/expenseclaim',
  editMeHashClaimNew: '/edit_me_h/:hash/expenseclaim/new',
  editMeHashClaim: '/edit_me_h/:hash/expenseclaim/:id',
  editMeSession: '/edit_me_s',
  /** Where the member's own form ends: source 'h' (by link) or 's' (signed in). */
  editMeThanks: '/edit_me_thanks/:source',

  /** A member's card (public, by its token) and the door check of a scanned card (public). */
  memberCardPublic: '/c/:token',
  memberCardVerify: '/c/verify',

  search: '/search/:type/:term',

  paymentMethod: '/m/:id/method',
  paymentCharge: '/m/:id/charge',
  paymentFailure: '/m/failure',

  balanceBuy: '/balance/buy',
  balanceThanks: '/balance/thanks',
  balanceSendEmail: '/balance/send_email',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];

const withId = (pattern: string, id: number): string => pattern.replace(':id', String(id));

export const memberEditPath = (id: number): string => withId(PATHS.memberEdit, id);
export const memberHistoryPath = (id: number): string => withId(PATHS.memberHistory, id);
export const fieldPath = (id: number): string => withId(PATHS.field, id);
export const groupPath = (id: number): string => withId(PATHS.group, id);
/** `/log/{id}`: one entry (the receipt view; for now every entry's detail page). */
export const logEntryPath = (id: number): string => withId(PATHS.logReceipt, id);
export const languagePath = (locale: string): string => PATHS.language.replace(':locale', locale);
/** Filters travel as JSON in the path. */
export const bulkEditPath = (filter: Filter): string => PATHS.membersBulkEdit.replace(':filter', filterToParam(filter));
export const exportPath = (filter: Filter): string => PATHS.memberExport.replace(':filter', filterToParam(filter));
export const announcementPath = (id: number): string => withId(PATHS.announcement, id);
export const updateRequestPath = (id: number): string => withId(PATHS.updateRequest, id);
export const membercardPath = (id: number): string => withId(PATHS.membercard, id);
export const expenseClaimPath = (id: number): string => withId(PATHS.expenseClaim, id);
export const editMeHashClaimsPath = (hash: string): string => PATHS.editMeHashClaims.replace(':hash', encodeURIComponent(hash));
export const editMeHashClaimNewPath = (hash: string): string => PATHS.editMeHashClaimNew.replace(':hash', encodeURIComponent(hash));
export const editMeHashClaimPath = (hash: string, id: number): string => withId(PATHS.editMeHashClaim.replace(':hash', encodeURIComponent(hash)), id);
export const expenseClaimViewPath = (personId: number, accountNumber: string): string =>
  PATHS.expenseClaimView.replace(':personId', String(personId)).replace(':accountNumber', encodeURIComponent(accountNumber));
/** The printout of a claimant-account's claims in a status; for paid ones, of one payment batch. */
export const expenseClaimPdfPath = (personId: number, accountNumber: string, status: string, timestamp: string): string =>
  PATHS.expenseClaimPdf.replace(':personId', String(personId)).replace(':accountNumber', encodeURIComponent(accountNumber)).replace(':status', status).replace(':timestamp', timestamp);
export const editMeHashPath = (hash: string): string => PATHS.editMeHash.replace(':hash', encodeURIComponent(hash));
export const editMeThanksPath = (source: 'h' | 's'): string => PATHS.editMeThanks.replace(':source', source);
export const memberCardPublicPath = (token: string): string => PATHS.memberCardPublic.replace(':token', encodeURIComponent(token));
/** `/m/{id}/charge?goto=…`: the online payment of a payment item (the bank buttons). */
export const chargePath = (id: string, goto?: string): string =>
  `${PATHS.paymentCharge.replace(':id', encodeURIComponent(id))}${goto ? `?goto=${encodeURIComponent(goto)}` : ''}`;
/** `/log/{id}?nayta=kuitti`: the receipt view (the entry page shows a receipt when asked for one). */
export const receiptPath = (id: number): string => `${withId(PATHS.logReceipt, id)}?nayta=kuitti`;
/** `/m/{id}/method?goto=…`: paying a payment item, then on to `goto`. */
export const paymentMethodPath = (id: string, goto: string): string =>
  `${PATHS.paymentMethod.replace(':id', encodeURIComponent(id))}?goto=${encodeURIComponent(goto)}`;
export const invoicePath = (id: number): string => withId(PATHS.invoice, id);
export const invoicePersonPath = (id: number, personId: number): string => withId(PATHS.invoicePerson, id).replace(':personId', String(personId));
export const invoiceAddRecipientsPath = (id: number): string => withId(PATHS.invoiceAddRecipients, id);
export const invoiceReminderPath = (id: number): string => withId(PATHS.invoiceReminder, id);
/** `/invoices/download_pdf/{instance_id}.pdf`: one instance's invoice or credit invoice (a server download, not a page). */
export const invoicePdfPath = (instanceId: number): string => PATHS.invoicePdf.replace(':file', `${String(instanceId)}.pdf`);
/** `/invoices/download_pdf/all/{invoice_id}.pdf`: every instance in one file, for the self-printed medium. */
export const invoiceAllPdfPath = (invoiceId: number): string => `/invoices/download_pdf/all/${String(invoiceId)}.pdf`;
