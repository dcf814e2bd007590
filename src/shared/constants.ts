// Business constants Both server and web import these;
// never repeat the numbers elsewhere.

export const API_BASE = '/api/1';

export const MEMBER_PAGE_SIZES = [20, 50, 100, 100000] as const;
export const MEMBER_PAGE_SIZE_DEFAULT = 20;
export const MEMBER_PAGE_SIZE_EVERYONE = 100000;
export const LOG_PAGE_SIZE = 20;
export const LIST_PAGE_SIZE = 20;
export const IMPORTS_PAGE_SIZE = 10;
export const REPORT_LIST_PAGE_SIZE = 100;
export const INVOICE_INSTANCES_PAGE_SIZE = 20;

export const DEBOUNCE_DEFAULT_MS = 300;
export const FILTER_DEBOUNCE_MS = 300;
export const PREVIEW_DEBOUNCE_MS = 1000;
export const SUPERSEARCH_DEBOUNCE_MS = 500;
export const INVOICE_POLL_MS = 5000;
export const NOTIFICATION_FADE_MS = 2000;

export const QUICKSEARCH_MIN_CHARS = 2;
export const SUPERSEARCH_MIN_CHARS = 3; // "more than 2"

export const FIELD_MAXLENGTH_DEFAULT = 255;
export const DECIMAL_INPUT_MAXLENGTH = 14;
export { OLDEST_DATE } from './finnish/date';

/** Member import: largest file and most data rows accepted. */
export const IMPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** Import resource limits, enforced while parsing so a crafted file cannot stall the server. */
export const IMPORT_MAX_COLUMNS = 200;
export const IMPORT_MAX_CELL_CHARS = 10_000;
/** xlsx: all parts together once inflated, parts in the zip, and the inflation ratio of any part over 1 MB. */
export const IMPORT_MAX_UNZIPPED_BYTES = 100 * 1024 * 1024;
export const IMPORT_MAX_ZIP_ENTRIES = 1_000;
export const IMPORT_MAX_ZIP_RATIO = 200;

export const INVOICE_MAX_ROWS = 8;

/** Bank statement files (camt.054/053, KTL): size and payments a file may hold. */
export const BANK_MAX_FILE_BYTES = 20 * 1024 * 1024;
export const BANK_MAX_PAYMENTS = 20_000;
/** Rows a page of the review list and the statements list holds. */
export const BANK_PAGE_SIZE = 50;
/** The mandate page warns when no statement has arrived for this many days. */
export const BANK_STALE_DAYS = 7;
export const INVOICE_MAX_PAGES = 16;
export const INVOICE_VAT_CHOICES = [0, 10, 14, 24, 25.5] as const;
export const INVOICE_DEFAULT_DUE_DAYS = 14;

export const TIERS = ['Free', 'Start', 'Plus', 'Premium'] as const;
export type Tier = (typeof TIERS)[number];
export const TIER_DISCOUNT_PERCENT: Record<Tier, number> = { Free: 0, Start: 10, Plus: 20, Premium: 30 };

export const TRUST_STATUSES = ['OK', 'BLOCKED'] as const;
export type TrustStatus = (typeof TRUST_STATUSES)[number];

/** Server-side session idle timeout: 8 hours. */
export const SESSION_IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
/** However busy, a session ends this long after its login: a stolen cookie does not live forever. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Login throttling: failures counted over a sliding window. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 20;

/** Two-factor authentication per admin. RESETTING_EXPIRED is computed at read time. */
export const MFA_STATES = ['MFA_NOT_SET', 'MFA_SETTING_UP', 'MFA_SET', 'MFA_RESETTING', 'MFA_RESETTING_EXPIRED'] as const;
export type MfaState = (typeof MFA_STATES)[number];
/** Site-wide setting mfa_enabled_for: two-factor authentication on for every admin, or off. */
export const MFA_POLICIES = ['admins', 'disabled'] as const;
export type MfaPolicy = (typeof MFA_POLICIES)[number];
/** A reset code emailed by another admin works for 24 hours, once. */
export const MFA_RESET_CODE_TTL_MS = 24 * 60 * 60 * 1000;
/** Between password and code: the login challenge lives 10 minutes. */
export const MFA_CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes per admin in LOGIN_WINDOW_MS before further tries are refused. */
export const MFA_MAX_FAILURES = 5;
export const MFA_ISSUER = 'Seura';

/** Forgotten password: an emailed link works once, for an hour. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** Requests counted over this window, per address and per IP, before further ones get a 429. */
export const PASSWORD_RESET_WINDOW_MS = 60 * 60 * 1000;
export const PASSWORD_RESET_MAX_PER_ADDRESS = 3;
export const PASSWORD_RESET_MAX_PER_IP = 10;
/** Wrong reset-link tokens per IP within LOGIN_WINDOW_MS before further checks get a 429 (link guessing). */
export const PASSWORD_RESET_MAX_WRONG_PER_IP = 20;

/** Saved filters: per association, name length and stored filter size. */
export const SAVED_FILTERS_MAX = 50;
export const SAVED_FILTER_NAME_MAX = 60;
export const SAVED_FILTER_MAX_CHARS = 10_000;

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
export const SESSION_COOKIE = 'seura_session';

/** Persistent-data key for the one-time dashboard help bubble. */
export const PD_DASHBOARD_HELP_SEEN = 'dashboard_help_seen';
export const PD_LOCALE = 'locale';
export const LOCALES = ['fi', 'sv', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * Every event the server writes to the activity log,
 * grouped as the log page's filter shows them. log.api.test.ts checks the server
 * writes no other; each has a label in the catalogues (`log.event.<name>`).
 */
export const LOG_EVENT_GROUPS = {
  members: [
    'member_created',
    'member_updated',
    'member_deleted',
    'member_restored',
    // Own email/phone change that clashed with another member's, held for the admins.
    'member_change_held',
    // Migration 013: a live member's email that another member already had, cleared (the address stays in their history).
    'member_email_duplicate_cleared',
    'member_applied',
    'member_approved',
    'application_mail_failed',
    'members_bulkupdate',
    'members_bulkremove',
    'members_bulkrestore',
    'members_deleted_permanently',
    'members_imported',
    'members_exported',
    'batch_undone',
    'saved_filter_created',
    'saved_filter_renamed',
    'saved_filter_deleted',
    // Self-service: a member confirmed their data as it is (update request link); a member ordered edit links (get_edit_links).
    'member_data_confirmed',
    'edit_links_ordered',
    // A person's data export (GDPR Art. 15): an admin's download, a member's own request, and its mail.
    'member_data_exported',
    'member_data_export_requested',
    'member_data_export_sent',
  ],
  fields_groups: [
    'field_created',
    'field_updated',
    'field_deleted',
    'fields_reordered',
    'group_created',
    'group_updated',
    'group_deleted',
    'groups_reordered',
    'group_mail_access_requested',
  ],
  settings: ['settings_changed', 'mfa_policy_changed', 'tenant_created', 'balance_credited', 'balance_purchased', 'referrals_sent', 'referral_credited', 'tier_changed', 'retention_members_erased', 'accounting_data_cleaned', 'pseudonym_revealed'],
  // Messaging (announcements, payment items, the association's trust status).
  messages: [
    'announcement_saved',
    'announcement_sent',
    'announcement_cancelled',
    'message_paid',
    'trust_blocked',
    'trust_unblocked',
    'invoice_saved',
    'invoice_sent',
    // invoices: actions (hand actions, credits, bulk marks and their undo, reminders)
    'invoice_action_added',
    'invoice_credited',
    'invoice_bulk_marked',
    'invoice_bulk_undone',
    'invoice_reminder_saved',
    'invoice_reminder_sent',
    // bank payments: statements applied (by hand or from BANK_DIR) and undone, review decisions, the mandate
    'bank_statement_applied',
    'bank_statement_undone',
    'bank_payment_accepted',
    'bank_payment_assigned',
    'bank_payment_dismissed',
    'bank_mandate_added',
    'bank_mandate_removed',
    // update requests and member cards (messages), the card's design and images (settings_changed covers the design)
    'updreq_saved',
    'updreq_sent',
    'updreq_cancelled',
    'membercard_sent',
    'membercard_cancelled',
    'membercard_image_uploaded',
  ],
  // Expense claims: a claim saved (new or changed while pending), its status changed, a comment, a payment batch.
  expense_claims: ['expense_claim_saved', 'expense_claim_status_changed', 'expense_claim_commented', 'expense_claims_paid'],
  sessions: [
    'login',
    'login_failed',
    'login_mfa_required',
    'logout',
    'sessions_closed',
    'mfa_setup_started',
    'mfa_enabled',
    'mfa_failed',
    'mfa_reset_code_sent',
    'mfa_reset_code_used',
    'mfa_cleared',
    'password_reset_requested',
    'password_reset',
  ],
} as const;
export type LogEventGroup = keyof typeof LOG_EVENT_GROUPS;
export const LOG_EVENTS = Object.values(LOG_EVENT_GROUPS).flat() as LogEvent[];
export type LogEvent = (typeof LOG_EVENT_GROUPS)[LogEventGroup][number];
/** Largest page POST log/all gives (the page size is LOG_PAGE_SIZE unless asked). */
export const LOG_MAX_LIMIT = 100;
/** Entries in the dashboard's log panel. */
export const LOG_DASHBOARD_ENTRIES = 3;

/** Resource limits: one association must never stall the others. */
/** Conditions in one filter, OR-groups and the conditions inside them included. */
export const FILTER_MAX_CONDITIONS = 50;
/** Characters in one condition value (and in a field name). */
export const FILTER_VALUE_MAX_CHARS = 500;
/** Nesting of arrays/objects in a filter: list → condition → OR value → condition → between pair. */
export const FILTER_MAX_DEPTH = 6;
/** Rows one get_results call returns with limit/offset, and the furthest offset. */
export const MEMBER_CHUNK_MAX = 1000;
export const MEMBER_OFFSET_MAX = 10_000_000;
/** Keys of persistent UI data per member. */
export const PERSISTENT_DATA_MAX_KEYS = 100;
/** Nesting depth of any JSON request body. */
export const JSON_BODY_MAX_DEPTH = 32;
/** Rate limits, counted over an hour in rate_events. */
export const RATE_WINDOW_MS = 60 * 60 * 1000;
export const GROUP_MAIL_REQUESTS_MAX_PER_MEMBER = 3;
export const GROUP_MAIL_REQUESTS_MAX_PER_ASSOCIATION = 20;
export const APPLY_MAX_PER_IP = 5;
export const APPLY_MAX_PER_ASSOCIATION = 50;
export const UPLOADS_MAX_PER_MEMBER = 30;
export const UPLOADS_MAX_PER_ASSOCIATION = 100;
/** Self-service links: ordering links (per IP, per typed address, per association), opening forms by link (per IP). */
export const EDIT_LINK_ORDERS_MAX_PER_IP = 10;
export const EDIT_LINK_ORDERS_MAX_PER_EMAIL = 3;
export const EDIT_LINK_ORDERS_MAX_PER_ASSOCIATION = 200;
export const EDIT_LINK_USES_MAX_PER_IP = 300;
/** The request header that carries a personal link's token to routes declaring access 'self'. */
export const EDIT_LINK_HEADER = 'x-edit-link';
/** Member card pages and the public key, per IP. */
export const MEMBERCARD_VIEWS_MAX_PER_IP = 600;
/** rate_events and login_failures rows older than this (longer than every window) are pruned. */
export const RATE_RETENTION_MS = 24 * 60 * 60 * 1000;

/** How long a personal edit link works: an update request's 30 days, a link the member ordered 24 hours. */
export const EDIT_LINK_TTL_MS = { updreq: 30 * 24 * 60 * 60 * 1000, ordered: 24 * 60 * 60 * 1000 } as const;
/** Update requests sent after this day are version 2 (links to the member's form with confirm). */
export const UPDREQ_V2_FROM = '2021-06-02';
/** Update requests and member-card messages per page, like the other lists. */
export const UPDREQS_PAGE_SIZE = 20;
export const MEMBERCARDS_PAGE_SIZE = 20;

/** Member card design limits. */
export const MEMBERCARD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const MEMBERCARD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Re-encoded images are scaled to fit these (logo, background), in pixels on the long side. */
export const MEMBERCARD_LOGO_MAX_PX = 600;
export const MEMBERCARD_BGIMAGE_MAX_PX = 1600;
export const MEMBERCARD_FIELDS_MAX = 8;
export const MEMBERCARD_EXTRA_TEXT_MAX = 300;
/** The design preview needs a window at least this high (px). */
export const MEMBERCARD_PREVIEW_MIN_HEIGHT = 557;
/** Always on the card: the first and last name. */
export const MEMBERCARD_ALWAYS_FIELDS = ['firstname', 'lastname'] as const;
/** Shown by default besides the name: the member number and "Jäsen alkaen". */
export const MEMBERCARD_DEFAULT_FIELDS = ['member_number', 'member_since'] as const;
/** Card shapes: a bank card's 85.6 × 54 mm lying down, or standing for a phone screen. */
export const MEMBERCARD_ASPECTS = ['landscape', 'portrait'] as const;

/** Expense claims: lists per page, items per claim, receipt files, text lengths. */
export const EXPENSE_CLAIMS_PAGE_SIZE = 20;
export const EXPENSE_CLAIM_ITEMS_MAX = 50;
export const EXPENSE_RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
export const EXPENSE_RECEIPT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/** Receipt images are stored re-encoded as JPEG within this many pixels on the long side. */
export const EXPENSE_RECEIPT_MAX_PX = 2400;
/** A receipt PDF may have at most this many pages. */
export const EXPENSE_RECEIPT_MAX_PAGES = 20;
export const EXPENSE_DESCRIPTION_MAX = 500;
export const EXPENSE_COMMENT_MAX = 2000;
/** Kilometres of one km item, and the largest amount of one receipt (cents). */
export const EXPENSE_KM_MAX = 10_000;
export const EXPENSE_RECEIPT_AMOUNT_MAX_C = 10_000_000;
/** Unattached receipt files older than this are removed. */
export const EXPENSE_UNATTACHED_FILE_TTL_MS = 24 * 60 * 60 * 1000;
