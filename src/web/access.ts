import type { MessageKey } from '../shared/i18n';
import type { SessionUser } from '../shared/schemas/session';
import { hasRole, type Role } from './auth/roles';
import { PATHS, type AppPath } from './paths';

// Which pages exist inside the signed-in layout, which role may open each, and which have a
// menu entry. Data only, like paths.ts: links and the menu read it without importing any page
// (routes.tsx pairs each path here with its page). A feature adds one entry here, its page in
// routes.tsx and, if it has one, its navigation slot from `NAV`; anything not listed renders
// the 404 page.

/** Menu slots in the order of the navigation; labels are catalogue keys. */
export const NAV = {
  members: { label: 'nav.members', order: 10 },
  fields: { label: 'nav.fields', order: 20 },
  groups: { label: 'nav.groups', order: 30 },
  // Messages share one menu entry ("Viestit") that opens their list: the row stays one line wide.
  announcements: { label: 'nav.announcements', order: 35, group: 'nav.messages' },
  membercards: { label: 'nav.membercards', order: 37, group: 'nav.messages' },
  updreqs: { label: 'nav.updreqs', order: 36, group: 'nav.messages' },
  invoices: { label: 'nav.invoices', order: 50 },
  expenseClaims: { label: 'nav.expense_claims', order: 60 },
  log: { label: 'nav.log', order: 70 },
  settings: { label: 'nav.settings', order: 80 },
} as const satisfies Record<string, NavSlot>;

export interface NavSlot {
  label: MessageKey;
  order: number;
  /** Entries with the same group sit under one menu entry of that label (a disclosure list). */
  group?: MessageKey;
}

export interface PageAccess {
  /** One of PATHS. */
  path: AppPath;
  /** Lowest role that may open the page; the menu hides it from others. */
  role: Role;
  /** Set when the page has an entry in the main menu. */
  nav?: NavSlot;
  /** A feature the association switches on in its settings: while it is off the menu hides the page and it does not open. */
  feature?: PageFeature;
}

/** Features an association turns on in its settings, each with the heading and text shown when a page of it is opened while it is off. */
export const PAGE_FEATURES = {
  eclaim: { title: 'nav.expense_claims', off: 'eclaim_disabled' },
} as const satisfies Record<string, { title: MessageKey; off: MessageKey }>;
export type PageFeature = keyof typeof PAGE_FEATURES;
export type EnabledFeatures = Partial<Record<PageFeature, boolean>>;

/** Which features are on, from the settings every member gets (nothing while they load). */
export const enabledFeatures = (settings: { eclaim_enabled: boolean } | undefined): EnabledFeatures => ({
  eclaim: settings?.eclaim_enabled === true,
});

export const featureOn = (page: Pick<PageAccess, 'feature'>, features: EnabledFeatures): boolean =>
  page.feature === undefined || features[page.feature] === true;

/** Pages inside the signed-in layout. The session pages (/@login, /@logout) live outside it. */
export const pageAccess = [
  // Every signed-in user lands here; an ordinary member is sent on to their own data (/edit_me_s).
  { path: PATHS.dashboard, role: 'member' },

  // Members. Board members may read the lists, history and search; saving, deleting and bulk
  // edit are for site admins (members API), so those pages are theirs.
  { path: PATHS.members, role: 'board', nav: NAV.members },
  { path: PATHS.memberAdd, role: 'admin' },
  { path: PATHS.memberEdit, role: 'admin' },
  { path: PATHS.memberHistory, role: 'board' },
  { path: PATHS.membersRemoved, role: 'board' },
  // "Viimeisimmät muutokset" with undo.
  { path: PATHS.membersRecent, role: 'admin' },
  { path: PATHS.membersBulkEdit, role: 'admin' },
  { path: PATHS.memberExport, role: 'admin' },
  { path: PATHS.memberApplications, role: 'admin' },
  // Import wizard and the imports with undo.
  { path: PATHS.memberImport, role: 'admin' },
  { path: PATHS.memberImports, role: 'admin' },
  { path: PATHS.search, role: 'board' },

  // Activity log: site admins only, the log holds personal data. The entry page is the receipt
  // view (a receipt with ?nayta=kuitti); /log/transactions and /log/receipts list the payments.
  { path: PATHS.log, role: 'admin', nav: NAV.log },
  { path: PATHS.logTransactions, role: 'admin' },
  { path: PATHS.logReceipts, role: 'admin' },
  { path: PATHS.logReceipt, role: 'admin' },

  // Fields, groups, settings. Groups are open to the board too: they see the list and can ask
  // for group-mail rights; changing groups stays with site admins.
  { path: PATHS.fields, role: 'admin', nav: NAV.fields },
  { path: PATHS.fieldAdd, role: 'admin' },
  { path: PATHS.field, role: 'admin' },
  { path: PATHS.groups, role: 'board', nav: NAV.groups },
  { path: PATHS.groupAdd, role: 'admin' },
  { path: PATHS.group, role: 'admin' },
  { path: PATHS.settings, role: 'admin', nav: NAV.settings },
  { path: PATHS.settingsEclaim, role: 'admin' },
  { path: PATHS.settingsMembercard, role: 'admin' },
  { path: PATHS.settingsRetention, role: 'admin' },
  { path: PATHS.retentionReview, role: 'admin' },
  { path: PATHS.language, role: 'member' },
  // Two-factor authentication, site admins and their sessions.
  { path: PATHS.security, role: 'admin' },

  // Announcements and paying for them: messaging costs money and reaches every member, so site admins only.
  { path: PATHS.announcements, role: 'admin', nav: NAV.announcements },
  { path: PATHS.announcementNew, role: 'admin' },
  { path: PATHS.announcement, role: 'admin' },
  // Member cards (issue 17): messages in the association's name that cost money, so site admins only.
  { path: PATHS.membercards, role: 'admin', nav: NAV.membercards },
  { path: PATHS.membercardNew, role: 'admin' },
  { path: PATHS.membercard, role: 'admin' },
  { path: PATHS.paymentMethod, role: 'admin' },
  { path: PATHS.paymentCharge, role: 'admin' },
  { path: PATHS.paymentFailure, role: 'admin' },
  // Buying balance, its receipt by email and referrals (issue 14): site admins, like paying.
  { path: PATHS.balanceBuy, role: 'admin' },
  { path: PATHS.balanceThanks, role: 'admin' },
  { path: PATHS.balanceSendEmail, role: 'admin' },

  // Invoices (issue 15): money and members' data, sent as paid messages, so site admins only.
  { path: PATHS.invoices, role: 'admin', nav: NAV.invoices },
  { path: PATHS.invoiceNew, role: 'admin' },
  { path: PATHS.invoiceAddRecipients, role: 'admin' },
  { path: PATHS.invoiceReminder, role: 'admin' },
  { path: PATHS.invoice, role: 'admin' },
  { path: PATHS.invoicePerson, role: 'admin' },

  // Invoice reports (issue 15, reports part): money and members' names, so site admins only.
  // The downloads (/invoice_report/…) are server files, not pages.
  { path: PATHS.invoiceReport, role: 'admin' },
  { path: PATHS.invoiceSalesList, role: 'admin' },
  { path: PATHS.invoiceReceivable, role: 'admin' },

  // Bank payments (issue 16): statements and the bank mandate are money and members' names, site admins only.
  { path: PATHS.invoicePayments, role: 'admin' },
  { path: PATHS.mandate, role: 'admin' },

  // Update requests: messages in the association's name that may cost money, so site admins only.
  { path: PATHS.updateRequests, role: 'admin', nav: NAV.updreqs },
  { path: PATHS.updateRequestNew, role: 'admin' },
  { path: PATHS.updateRequest, role: 'admin' },

  // Expense claims (issue 18). Every member claims their own expenses while the association has
  // them on; on /expenseclaim and /expenseclaim/:id a site admin gets the treasurer's pages. The
  // treasurer's lists (the claimant-account view, the archive) are site admins'.
  { path: PATHS.expenseClaims, role: 'member', nav: NAV.expenseClaims, feature: 'eclaim' },
  { path: PATHS.expenseClaimNew, role: 'member', feature: 'eclaim' },
  { path: PATHS.expenseClaim, role: 'member', feature: 'eclaim' },
  { path: PATHS.expenseClaimArchive, role: 'admin' },
  { path: PATHS.expenseClaimView, role: 'admin' },

  // Member self-edit via session: every signed-in member's own data.
  { path: PATHS.editMeSession, role: 'member' },
] as const satisfies readonly PageAccess[];

/** A path that has a page. */
export type RegisteredPath = (typeof pageAccess)[number]['path'];

/** Whether a path pattern has a page yet; links to later features check this, so none is dead. */
export const isRegistered = (path: AppPath): boolean => pageAccess.some((p) => p.path === path);

/** Whether `user` may open the page at `path` (registered, and their role reaches it); links check this. */
export const canOpen = (user: Pick<SessionUser, 'board' | 'site_admin'>, path: AppPath): boolean =>
  pageAccess.some((p) => p.path === path && hasRole(user, p.role));
