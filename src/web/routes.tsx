import type { ComponentType } from 'react';
import type { MessageKey } from '../shared/i18n';
import { hasRole, type Role } from './auth/roles';
import type { SessionUser } from '../shared/schemas/session';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { FieldAddPage, FieldEditPage } from './pages/fields/FieldEditPage';
import { FieldsPage } from './pages/fields/FieldsPage';
import { GroupAddPage, GroupEditPage } from './pages/groups/GroupEditPage';
import { GroupsPage } from './pages/groups/GroupsPage';
import { ImportsPage } from './pages/import/ImportsPage';
import { ImportWizardPage } from './pages/import/ImportWizardPage';
import { LogEntryPage } from './pages/log/LogEntryPage';
import { LogPage } from './pages/log/LogPage';
import { ApplicationsPage } from './pages/members/ApplicationsPage';
import { MemberAddPage } from './pages/members/MemberAddPage';
import { MemberEditPage } from './pages/members/MemberEditPage';
import { MemberExportPage } from './pages/members/MemberExportPage';
import { MemberHistoryPage } from './pages/members/MemberHistoryPage';
import { MembersBulkEditPage } from './pages/members/MembersBulkEditPage';
import { MembersListPage } from './pages/members/MembersListPage';
import { MembersRemovedPage } from './pages/members/MembersRemovedPage';
import { RecentChangesPage } from './pages/members/RecentChangesPage';
import { SearchPage } from './pages/search/SearchPage';
import { SecurityPage } from './pages/security/SecurityPage';
import { EclaimSettingsPage } from './pages/settings/EclaimSettingsPage';
import { LanguagePage } from './pages/settings/LanguagePage';
import { SettingsPage } from './pages/settings/SettingsPage';
import { EditMeSessionPage } from './pages/updreqs/EditMeSessionPage';

// The route table (spec §2). `PATHS` lists every path of the spec as a router
// pattern; `appRoutes` registers the ones whose feature exists. A feature adds one
// entry to `appRoutes` and, if it has one, its navigation slot from `NAV` — the
// menu then shows it. Anything not registered renders the 404 page.

export const PATHS = {
  dashboard: '/',
  login: '/@login',
  logout: '/@logout',
  /** The public membership application; outside the signed-in layout, embeddable with ?embed=1. */
  apply: '/@apply',
  /** Forgotten password (issue 21 §13): ask for a link, then set a new password with it. */
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
  expenseClaimArchive: '/expenseclaim/archive',
  expenseClaimView: '/expenseclaim/view/:personId/:accountNumber',
  expenseClaim: '/expenseclaim/:id',
  expenseClaimPdf: '/claim_download_pdf/:personId/:accountNumber/:status/:timestamp',

  updateRequests: '/updreqs',
  updateRequestNew: '/updreqs/new',
  updateRequestEditLinks: '/updreqs/get_edit_links',
  updateRequest: '/updreqs/:id',
  editMeHash: '/edit_me_h/:hash',
  editMeSession: '/edit_me_s',

  search: '/search/:type/:term',

  paymentMethod: '/m/:id/method',
  paymentCharge: '/m/:id/charge',
  paymentFailure: '/m/failure',

  balanceBuy: '/balance/buy',
  balanceThanks: '/balance/thanks',
  balanceSendEmail: '/balance/send_email',
} as const;

/** Menu slots in the order of the navigation; labels are catalogue keys. */
export const NAV = {
  members: { label: 'nav.members', order: 10 },
  fields: { label: 'nav.fields', order: 20 },
  groups: { label: 'nav.groups', order: 30 },
  messages: { label: 'nav.messages', order: 40 },
  invoices: { label: 'nav.invoices', order: 50 },
  expenseClaims: { label: 'nav.expense_claims', order: 60 },
  log: { label: 'nav.log', order: 70 },
  settings: { label: 'nav.settings', order: 80 },
} as const satisfies Record<string, NavSlot>;

export interface NavSlot {
  label: MessageKey;
  order: number;
}

export interface AppRoute {
  /** One of PATHS. */
  path: (typeof PATHS)[keyof typeof PATHS];
  page: ComponentType;
  /** Lowest role that may open the page; the menu hides it from others. */
  role: Role;
  /** Set when the page has an entry in the main menu. */
  nav?: NavSlot;
}

/** Pages inside the signed-in layout. The session pages (/@login, /@logout) live outside it. */
export const appRoutes: readonly AppRoute[] = [
  // Every signed-in user lands here; an ordinary member is sent on to their own data (/edit_me_s).
  { path: PATHS.dashboard, page: DashboardPage, role: 'member' },

  // Members (issue 6). Board members may read the lists, history and search; saving,
  // deleting and bulk edit are for site admins (members API), so those pages are theirs.
  { path: PATHS.members, page: MembersListPage, role: 'board', nav: NAV.members },
  { path: PATHS.memberAdd, page: MemberAddPage, role: 'admin' },
  { path: PATHS.memberEdit, page: MemberEditPage, role: 'admin' },
  { path: PATHS.memberHistory, page: MemberHistoryPage, role: 'board' },
  { path: PATHS.membersRemoved, page: MembersRemovedPage, role: 'board' },
  // "Viimeisimmät muutokset" with undo (issue 21).
  { path: PATHS.membersRecent, page: RecentChangesPage, role: 'admin' },
  { path: PATHS.membersBulkEdit, page: MembersBulkEditPage, role: 'admin' },
  { path: PATHS.memberExport, page: MemberExportPage, role: 'admin' },
  { path: PATHS.memberApplications, page: ApplicationsPage, role: 'admin' },
  // Import wizard and the imports with undo (issue 7).
  { path: PATHS.memberImport, page: ImportWizardPage, role: 'admin' },
  { path: PATHS.memberImports, page: ImportsPage, role: 'admin' },
  { path: PATHS.search, page: SearchPage, role: 'board' },

  // Activity log (issue 8): site admins only, the log holds personal data. The entry page is
  // the spec's receipt view; /log/transactions and /log/receipts come with payments.
  { path: PATHS.log, page: LogPage, role: 'admin', nav: NAV.log },
  { path: PATHS.logReceipt, page: LogEntryPage, role: 'admin' },

  // Fields, groups, settings (issue 5). Groups are open to the board too: they see the
  // list and can ask for group-mail rights; changing groups stays with site admins.
  { path: PATHS.fields, page: FieldsPage, role: 'admin', nav: NAV.fields },
  { path: PATHS.fieldAdd, page: FieldAddPage, role: 'admin' },
  { path: PATHS.field, page: FieldEditPage, role: 'admin' },
  { path: PATHS.groups, page: GroupsPage, role: 'board', nav: NAV.groups },
  { path: PATHS.groupAdd, page: GroupAddPage, role: 'admin' },
  { path: PATHS.group, page: GroupEditPage, role: 'admin' },
  { path: PATHS.settings, page: SettingsPage, role: 'admin', nav: NAV.settings },
  { path: PATHS.settingsEclaim, page: EclaimSettingsPage, role: 'admin' },
  { path: PATHS.language, page: LanguagePage, role: 'member' },
  // Two-factor authentication, site admins and their sessions (issue 8).
  { path: PATHS.security, page: SecurityPage, role: 'admin' },

  // Update requests (issue 6 "Member self-edit via session"): every signed-in member's own data.
  { path: PATHS.editMeSession, page: EditMeSessionPage, role: 'member' },
];

/** Whether a path pattern has a page yet; links to later features check this, so none is dead. */
export const isRegistered = (path: AppRoute['path']): boolean => appRoutes.some((r) => r.path === path);

/** Whether `user` may open the page at `path` (registered, and their role reaches it); links check this. */
export const canOpen = (user: Pick<SessionUser, 'board' | 'site_admin'>, path: AppRoute['path']): boolean =>
  appRoutes.some((r) => r.path === path && hasRole(user, r.role));
