import type { ComponentType } from 'react';
import { pageAccess, type PageAccess, type RegisteredPath } from './access';
import { AnnouncementNewPage } from './pages/announcements/AnnouncementNewPage';
import { AnnouncementPage } from './pages/announcements/AnnouncementPage';
import { AnnouncementsPage } from './pages/announcements/AnnouncementsPage';
import { MembercardNewPage } from './pages/membercards/MembercardNewPage';
import { MembercardPage } from './pages/membercards/MembercardPage';
import { MembercardsPage } from './pages/membercards/MembercardsPage';
import { BalanceBuyPage } from './pages/balance/BalanceBuyPage';
import { BalanceSendEmailPage } from './pages/balance/BalanceSendEmailPage';
import { BalanceThanksPage } from './pages/balance/BalanceThanksPage';
import { BankPaymentsPage } from './pages/bank/BankPaymentsPage';
import { MandatePage } from './pages/bank/MandatePage';
import { DashboardPage } from './pages/dashboard/DashboardPage';
import { ExpenseClaimNewPage } from './pages/expenseclaims/ExpenseClaimNewPage';
import { ExpenseClaimPage } from './pages/expenseclaims/ExpenseClaimPage';
import { ExpenseClaimsPage } from './pages/expenseclaims/ExpenseClaimsPage';
import { FieldAddPage, FieldEditPage } from './pages/fields/FieldEditPage';
import { FieldsPage } from './pages/fields/FieldsPage';
import { GroupAddPage, GroupEditPage } from './pages/groups/GroupEditPage';
import { GroupsPage } from './pages/groups/GroupsPage';
import { InvoiceAddRecipientsPage, InvoiceNewPage } from './pages/invoices/InvoiceNewPage';
import { InvoicePage } from './pages/invoices/InvoicePage';
import { InvoicePersonPage } from './pages/invoices/InvoicePersonPage';
import { InvoiceReminderPage } from './pages/invoices/InvoiceReminderPage';
import { InvoicesPage } from './pages/invoices/InvoicesPage';
import { ImportsPage } from './pages/import/ImportsPage';
import { ImportWizardPage } from './pages/import/ImportWizardPage';
import { InvoiceReportPage } from './pages/invoices/reports/InvoiceReportPage';
import { ReceivablesPage } from './pages/invoices/reports/ReceivablesPage';
import { SalesListPage } from './pages/invoices/reports/SalesListPage';
import { LogPage } from './pages/log/LogPage';
import { LogReceiptsPage } from './pages/log/LogReceiptsPage';
import { LogTransactionsPage } from './pages/log/LogTransactionsPage';
import { LogIdPage } from './pages/log/ReceiptPage';
import { ApplicationsPage } from './pages/members/ApplicationsPage';
import { MemberAddPage } from './pages/members/MemberAddPage';
import { MemberEditPage } from './pages/members/MemberEditPage';
import { MemberExportPage } from './pages/members/MemberExportPage';
import { MemberHistoryPage } from './pages/members/MemberHistoryPage';
import { MembersBulkEditPage } from './pages/members/MembersBulkEditPage';
import { MembersListPage } from './pages/members/MembersListPage';
import { MembersRemovedPage } from './pages/members/MembersRemovedPage';
import { RecentChangesPage } from './pages/members/RecentChangesPage';
import { PaymentChargePage } from './pages/mooney/PaymentChargePage';
import { PaymentFailurePage } from './pages/mooney/PaymentFailurePage';
import { PaymentMethodPage } from './pages/mooney/PaymentMethodPage';
import { SearchPage } from './pages/search/SearchPage';
import { SecurityPage } from './pages/security/SecurityPage';
import { EclaimSettingsPage } from './pages/settings/EclaimSettingsPage';
import { MembercardSettingsPage } from './pages/settings/MembercardSettingsPage';
import { LanguagePage } from './pages/settings/LanguagePage';
import { SettingsPage } from './pages/settings/SettingsPage';
import { RetentionSettingsPage } from './pages/settings/RetentionSettingsPage';
import { RetentionReviewPage } from './pages/settings/RetentionReviewPage';
import { EditMeSessionPage } from './pages/updreqs/EditMeSessionPage';
import { UpdreqNewPage } from './pages/updreqs/UpdreqNewPage';
import { UpdreqPage } from './pages/updreqs/UpdreqPage';
import { UpdreqsPage } from './pages/updreqs/UpdreqsPage';
import { ExpenseClaimsArchivePage } from './pages/expenseclaims/ExpenseClaimsArchivePage';
import { ExpenseClaimViewPage } from './pages/expenseclaims/ExpenseClaimViewPage';
import { PATHS } from './paths';

// The route table: the page of every path in the access table (access.ts). The only module
// that imports pages, so no page can reach itself through it; everything else imports paths.ts
// or access.ts.

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
} satisfies Record<RegisteredPath, ComponentType>;

export interface AppRoute extends PageAccess {
  page: ComponentType;
}

/** Pages inside the signed-in layout, in the order of the access table. */
export const appRoutes: readonly AppRoute[] = pageAccess.map((access) => ({ ...access, page: PAGES[access.path] }));
