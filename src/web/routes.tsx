import type { QueryClient } from '@tanstack/react-query';
import type { ComponentProps, ComponentType, LazyExoticComponent } from 'react';
import { pageAccess, type PageAccess, type RegisteredPath } from './access';
import { getEarly } from './api/client';
import { type Chunk, lazyChunk } from './components/lazyChunk';
import { FIELDS_ALL, GROUPS_ALL } from './api/firstPaths';
import type { EditLinkClaimsPage } from './pages/expenseclaims/EditLinkClaimsPage';
import { PATHS } from './paths';

// The route table: the page of every path in the access table (access.ts). The only module
// that imports pages, so no page can reach itself through it; everything else imports paths.ts
// or access.ts. Every page is a lazy chunk, so a route loads only its own code (PageBoundary
// shows a loader meanwhile).

/** A lazy page's way to start loading its chunk, and what it first asks for, before it first renders. */
export interface Preloadable extends Chunk {
  /** Asks for the page's first data (a page whose first answers wait on others). */
  prefetch?: (queryClient: QueryClient) => Promise<void>;
}

/**
 * How a page asks for its first data when it is the first of a visit: GETs started at once
 * (client.ts getEarly), then a module of its own that asks through the queries, which take
 * those replies.
 */
interface PageData {
  early: readonly string[];
  ask: () => Promise<(queryClient: QueryClient) => void>;
}

/**
 * A page loaded on first visit (its own chunk). Created once here at module scope: a lazy
 * component made during a render would be a new type each time and remount its page.
 * `preload` starts the same load early (router.tsx, for the first page of a visit).
 */
function lazyPage<P extends object, K extends string>(load: () => Promise<Record<NoInfer<K>, ComponentType<P>>>, name: K, data?: PageData): LazyExoticComponent<ComponentType<P>> & Preloadable {
  const page = lazyChunk(load, name);
  const prefetch =
    data &&
    ((queryClient: QueryClient) => {
      for (const path of data.early) getEarly(path);
      return data.ask().then((ask) => ask(queryClient));
    });
  return Object.assign(page, { prefetch });
}

/** The member lists' fields and groups, and their first page of members (pages/members/listModelData.ts). */
const listModel = (deleted: boolean): PageData => ({
  early: [FIELDS_ALL, GROUPS_ALL],
  ask: () => import('./pages/members/listModelData').then((m) => m.prefetchFirstResults(deleted)),
});

const AnnouncementNewPage = lazyPage(() => import('./pages/announcements/AnnouncementNewPage'), 'AnnouncementNewPage');
const AnnouncementPage = lazyPage(() => import('./pages/announcements/AnnouncementPage'), 'AnnouncementPage');
const AnnouncementsPage = lazyPage(() => import('./pages/announcements/AnnouncementsPage'), 'AnnouncementsPage');
const BalanceBuyPage = lazyPage(() => import('./pages/balance/BalanceBuyPage'), 'BalanceBuyPage');
const BalanceSendEmailPage = lazyPage(() => import('./pages/balance/BalanceSendEmailPage'), 'BalanceSendEmailPage');
const BalanceThanksPage = lazyPage(() => import('./pages/balance/BalanceThanksPage'), 'BalanceThanksPage');
const BankPaymentsPage = lazyPage(() => import('./pages/bank/BankPaymentsPage'), 'BankPaymentsPage');
const MandatePage = lazyPage(() => import('./pages/bank/MandatePage'), 'MandatePage');
const DashboardPage = lazyPage(() => import('./pages/dashboard/DashboardPage'), 'DashboardPage');
const ExpenseClaimNewPage = lazyPage(() => import('./pages/expenseclaims/ExpenseClaimNewPage'), 'ExpenseClaimNewPage');
const ExpenseClaimPage = lazyPage(() => import('./pages/expenseclaims/ExpenseClaimPage'), 'ExpenseClaimPage');
const ExpenseClaimViewPage = lazyPage(() => import('./pages/expenseclaims/ExpenseClaimViewPage'), 'ExpenseClaimViewPage');
const ExpenseClaimsArchivePage = lazyPage(() => import('./pages/expenseclaims/ExpenseClaimsArchivePage'), 'ExpenseClaimsArchivePage');
const ExpenseClaimsPage = lazyPage(() => import('./pages/expenseclaims/ExpenseClaimsPage'), 'ExpenseClaimsPage');
const FieldAddPage = lazyPage(() => import('./pages/fields/FieldEditPage'), 'FieldAddPage');
const FieldEditPage = lazyPage(() => import('./pages/fields/FieldEditPage'), 'FieldEditPage');
const FieldsPage = lazyPage(() => import('./pages/fields/FieldsPage'), 'FieldsPage');
const GroupAddPage = lazyPage(() => import('./pages/groups/GroupEditPage'), 'GroupAddPage');
const GroupEditPage = lazyPage(() => import('./pages/groups/GroupEditPage'), 'GroupEditPage');
const GroupsPage = lazyPage(() => import('./pages/groups/GroupsPage'), 'GroupsPage');
const ImportWizardPage = lazyPage(() => import('./pages/import/ImportWizardPage'), 'ImportWizardPage');
const ImportsPage = lazyPage(() => import('./pages/import/ImportsPage'), 'ImportsPage');
const InvoiceAddRecipientsPage = lazyPage(() => import('./pages/invoices/InvoiceNewPage'), 'InvoiceAddRecipientsPage');
const InvoiceNewPage = lazyPage(() => import('./pages/invoices/InvoiceNewPage'), 'InvoiceNewPage');
const InvoicePage = lazyPage(() => import('./pages/invoices/InvoicePage'), 'InvoicePage');
const InvoicePersonPage = lazyPage(() => import('./pages/invoices/InvoicePersonPage'), 'InvoicePersonPage');
const InvoiceReminderPage = lazyPage(() => import('./pages/invoices/InvoiceReminderPage'), 'InvoiceReminderPage');
const InvoicesPage = lazyPage(() => import('./pages/invoices/InvoicesPage'), 'InvoicesPage');
const InvoiceReportPage = lazyPage(() => import('./pages/invoices/reports/InvoiceReportPage'), 'InvoiceReportPage');
const ReceivablesPage = lazyPage(() => import('./pages/invoices/reports/ReceivablesPage'), 'ReceivablesPage');
const SalesListPage = lazyPage(() => import('./pages/invoices/reports/SalesListPage'), 'SalesListPage');
const LogPage = lazyPage(() => import('./pages/log/LogPage'), 'LogPage');
const LogReceiptsPage = lazyPage(() => import('./pages/log/LogReceiptsPage'), 'LogReceiptsPage');
const LogTransactionsPage = lazyPage(() => import('./pages/log/LogTransactionsPage'), 'LogTransactionsPage');
const LogIdPage = lazyPage(() => import('./pages/log/ReceiptPage'), 'LogIdPage');
const MembercardNewPage = lazyPage(() => import('./pages/membercards/MembercardNewPage'), 'MembercardNewPage');
const MembercardPage = lazyPage(() => import('./pages/membercards/MembercardPage'), 'MembercardPage');
const MembercardsPage = lazyPage(() => import('./pages/membercards/MembercardsPage'), 'MembercardsPage');
const ApplicationsPage = lazyPage(() => import('./pages/members/ApplicationsPage'), 'ApplicationsPage');
const MemberAddPage = lazyPage(() => import('./pages/members/MemberAddPage'), 'MemberAddPage');
const MemberEditPage = lazyPage(() => import('./pages/members/MemberEditPage'), 'MemberEditPage');
const MemberExportPage = lazyPage(() => import('./pages/members/MemberExportPage'), 'MemberExportPage');
const MemberHistoryPage = lazyPage(() => import('./pages/members/MemberHistoryPage'), 'MemberHistoryPage');
const MembersBulkEditPage = lazyPage(() => import('./pages/members/MembersBulkEditPage'), 'MembersBulkEditPage');
const MembersListPage = lazyPage(() => import('./pages/members/MembersListPage'), 'MembersListPage', listModel(false));
const MembersRemovedPage = lazyPage(() => import('./pages/members/MembersRemovedPage'), 'MembersRemovedPage', listModel(true));
const RecentChangesPage = lazyPage(() => import('./pages/members/RecentChangesPage'), 'RecentChangesPage');
const PaymentChargePage = lazyPage(() => import('./pages/mooney/PaymentChargePage'), 'PaymentChargePage');
const PaymentFailurePage = lazyPage(() => import('./pages/mooney/PaymentFailurePage'), 'PaymentFailurePage');
const PaymentMethodPage = lazyPage(() => import('./pages/mooney/PaymentMethodPage'), 'PaymentMethodPage');
const SearchPage = lazyPage(() => import('./pages/search/SearchPage'), 'SearchPage');
const SecurityPage = lazyPage(() => import('./pages/security/SecurityPage'), 'SecurityPage');
const EclaimSettingsPage = lazyPage(() => import('./pages/settings/EclaimSettingsPage'), 'EclaimSettingsPage');
const LanguagePage = lazyPage(() => import('./pages/settings/LanguagePage'), 'LanguagePage');
const MembercardSettingsPage = lazyPage(() => import('./pages/settings/MembercardSettingsPage'), 'MembercardSettingsPage');
const RetentionReviewPage = lazyPage(() => import('./pages/settings/RetentionReviewPage'), 'RetentionReviewPage');
const RetentionSettingsPage = lazyPage(() => import('./pages/settings/RetentionSettingsPage'), 'RetentionSettingsPage');
const SettingsPage = lazyPage(() => import('./pages/settings/SettingsPage'), 'SettingsPage');
const EditMeSessionPage = lazyPage(() => import('./pages/updreqs/EditMeSessionPage'), 'EditMeSessionPage');
const UpdreqNewPage = lazyPage(() => import('./pages/updreqs/UpdreqNewPage'), 'UpdreqNewPage');
const UpdreqPage = lazyPage(() => import('./pages/updreqs/UpdreqPage'), 'UpdreqPage');
const UpdreqsPage = lazyPage(() => import('./pages/updreqs/UpdreqsPage'), 'UpdreqsPage');

/** Pages outside the signed-in layout (router.tsx places them): sign-in, public forms and links. */
export const PUBLIC_PAGES = {
  login: lazyPage(() => import('./pages/auth/LoginPage'), 'LoginPage'),
  logout: lazyPage(() => import('./pages/auth/LogoutPage'), 'LogoutPage'),
  apply: lazyPage(() => import('./pages/apply/ApplyPage'), 'ApplyPage'),
  cardVerify: lazyPage(() => import('./pages/membercards/CardVerifyPage'), 'CardVerifyPage'),
  cardPublic: lazyPage(() => import('./pages/membercards/CardPublicPage'), 'CardPublicPage'),
  editMeHash: lazyPage(() => import('./pages/updreqs/EditMeHashPage'), 'EditMeHashPage'),
  editLinkClaims: lazyPage<ComponentProps<typeof EditLinkClaimsPage>, 'EditLinkClaimsPage'>(() => import('./pages/expenseclaims/EditLinkClaimsPage'), 'EditLinkClaimsPage'),
  getEditLinks: lazyPage(() => import('./pages/updreqs/GetEditLinksPage'), 'GetEditLinksPage'),
  editMeThanks: lazyPage(() => import('./pages/updreqs/EditMeThanksPage'), 'EditMeThanksPage'),
  resetRequest: lazyPage(() => import('./pages/auth/ResetRequestPage'), 'ResetRequestPage'),
  resetPassword: lazyPage(() => import('./pages/auth/ResetPasswordPage'), 'ResetPasswordPage'),
};

/** The page of every registered path; the type makes a path without a page (or a page without an access entry) an error. */
const PAGES = {
  [PATHS.dashboard]: DashboardPage,

  [PATHS.members]: MembersListPage,
  [PATHS.memberAdd]: MemberAddPage,
  [PATHS.memberEdit]: MemberEditPage,
  [PATHS.memberHistory]: MemberHistoryPage,
  [PATHS.membersRemoved]: MembersRemovedPage,
  [PATHS.membersRecent]: RecentChangesPage,
  [PATHS.membersBulkEdit]: MembersBulkEditPage,
  [PATHS.memberExport]: MemberExportPage,
  [PATHS.memberApplications]: ApplicationsPage,
  [PATHS.memberImport]: ImportWizardPage,
  [PATHS.memberImports]: ImportsPage,
  [PATHS.search]: SearchPage,

  [PATHS.log]: LogPage,
  [PATHS.logTransactions]: LogTransactionsPage,
  [PATHS.logReceipts]: LogReceiptsPage,
  [PATHS.logReceipt]: LogIdPage,

  [PATHS.fields]: FieldsPage,
  [PATHS.fieldAdd]: FieldAddPage,
  [PATHS.field]: FieldEditPage,
  [PATHS.groups]: GroupsPage,
  [PATHS.groupAdd]: GroupAddPage,
  [PATHS.group]: GroupEditPage,
  [PATHS.settings]: SettingsPage,
  [PATHS.settingsEclaim]: EclaimSettingsPage,
  [PATHS.settingsMembercard]: MembercardSettingsPage,
  [PATHS.settingsRetention]: RetentionSettingsPage,
  [PATHS.retentionReview]: RetentionReviewPage,
  [PATHS.language]: LanguagePage,
  [PATHS.security]: SecurityPage,

  [PATHS.announcements]: AnnouncementsPage,
  [PATHS.announcementNew]: AnnouncementNewPage,
  [PATHS.announcement]: AnnouncementPage,
  [PATHS.membercards]: MembercardsPage,
  [PATHS.membercardNew]: MembercardNewPage,
  [PATHS.membercard]: MembercardPage,
  [PATHS.updateRequests]: UpdreqsPage,
  [PATHS.updateRequestNew]: UpdreqNewPage,
  [PATHS.updateRequest]: UpdreqPage,
  [PATHS.paymentMethod]: PaymentMethodPage,
  [PATHS.paymentCharge]: PaymentChargePage,
  [PATHS.paymentFailure]: PaymentFailurePage,
  [PATHS.balanceBuy]: BalanceBuyPage,
  [PATHS.balanceThanks]: BalanceThanksPage,
  [PATHS.balanceSendEmail]: BalanceSendEmailPage,

  [PATHS.invoices]: InvoicesPage,
  [PATHS.invoiceNew]: InvoiceNewPage,
  [PATHS.invoiceAddRecipients]: InvoiceAddRecipientsPage,
  [PATHS.invoiceReminder]: InvoiceReminderPage,
  [PATHS.invoice]: InvoicePage,
  [PATHS.invoicePerson]: InvoicePersonPage,
  [PATHS.invoiceReport]: InvoiceReportPage,
  [PATHS.invoiceSalesList]: SalesListPage,
  [PATHS.invoiceReceivable]: ReceivablesPage,
  [PATHS.invoicePayments]: BankPaymentsPage,
  [PATHS.mandate]: MandatePage,

  [PATHS.expenseClaims]: ExpenseClaimsPage,
  [PATHS.expenseClaimNew]: ExpenseClaimNewPage,
  [PATHS.expenseClaimArchive]: ExpenseClaimsArchivePage,
  [PATHS.expenseClaimView]: ExpenseClaimViewPage,
  [PATHS.expenseClaim]: ExpenseClaimPage,

  [PATHS.editMeSession]: EditMeSessionPage,
} satisfies Record<RegisteredPath, ComponentType & Preloadable>;

export interface AppRoute extends PageAccess {
  page: ComponentType & Preloadable;
}

/** Pages inside the signed-in layout, in the order of the access table. */
export const appRoutes: readonly AppRoute[] = pageAccess.map((access) => ({ ...access, page: PAGES[access.path] }));
