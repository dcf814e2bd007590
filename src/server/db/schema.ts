import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// Table types. Booleans are 0/1 integers and timestamps ISO-8601 UTC text on both
// SQLite and PostgreSQL, so one data layer serves both without dialect branches.
export type Bool = 0 | 1;

export interface TenantsTable {
  id: Generated<number>;
  name: string;
  hostname: string | null;
  is_default: Bool;
  tier: string;
  trust_status: string;
  created_at: string;
}

export interface MembersTable {
  id: Generated<number>;
  tenant_id: number;
  firstname: string;
  lastname: string;
  email: string | null;
  /** E.164 */
  phone: string | null;
  address_street: string | null;
  address_zip: string | null;
  address_city: string | null;
  password_hash: string | null;
  active: Bool;
  site_admin: Bool;
  board: Bool;
  email_porg1: string | null;
  email_porg2: string | null;
  imported: Generated<Bool>;
  /** Migration 026: the member's id in the federation register they were imported from; its fields are read-only on the own form. */
  federation_ref: Generated<string | null>;
  /** Folded names, contact data and text values for quick search (shared/search.ts). */
  search_text: Generated<string>;
  applied_at: string | null;
  /** JSON: how an application arrived (source, possible duplicates). */
  application: string | null;
  /** A membership application not yet approved. */
  pending: Generated<Bool>;
  /** Soft delete (restorable); null for live members. */
  deleted_at: string | null;
  /** "Jäsen alkaen", YYYY-MM-DD: the day added or approved, or an imported join date; null while pending (migration 012). */
  member_since: string | null;
  /** Finnish sort keys of the names, kept by the database on every write (migration 017); ordered as plain text. */
  sort_lastname: Generated<string | null>;
  sort_firstname: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** sha256 of the cookie token; the token itself is never stored. */
  id: string;
  tenant_id: number;
  member_id: number;
  created_at: string;
  last_seen_at: string;
  ip: string;
  user_agent: string;
}

export interface UserDataTable {
  tenant_id: number;
  member_id: number;
  key: string;
  value: string;
}

export interface SettingsTable {
  tenant_id: number;
  key: string;
  value: string;
}

export interface ActivityLogTable {
  id: Generated<number>;
  tenant_id: number;
  at: string;
  event: string;
  context: string;
  data: string;
  author_id: number | null;
  batch_id: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  tenant_id: number;
  kind: string;
  key: string;
  at: string;
}

export interface FieldsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  label: string;
  type: string;
  visibility: number;
  /** JSON number[]: the visibilities this field may be given. */
  visibility_options: string;
  /** JSON {value, label}[] for dropdowns. */
  options: string;
  /** JSON object of type-specific parameters (min, max, decimals, heading group…). */
  params: string;
  help_text: string;
  maxlength: number;
  fixed: Bool;
  position: number;
  /** Shown on the public application form (migration 009); off for new custom fields. */
  on_apply_form: Generated<Bool>;
  created_at: string;
  updated_at: string;
}

export interface MemberValuesTable {
  tenant_id: number;
  member_id: number;
  field_id: number;
  /** text, textarea, email, dropdown, date (ISO), password (hash) */
  value_text: string | null;
  /** integer, decimal, checkbox (0/1) */
  value_num: number | null;
}

export interface GroupsTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  label: string;
  email: string | null;
  allowed_senders: string;
  /** 'everyone' | 'board' for the built-in groups, null otherwise. */
  builtin: string | null;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface MemberGroupsTable {
  tenant_id: number;
  group_id: number;
  member_id: number;
}

export interface MemberHistoryTable {
  id: Generated<number>;
  tenant_id: number;
  member_id: number;
  /** PersonInsert | PersonUpdate | PersonUpdateme */
  context: string;
  /** JSON {field, label, old, new}[] */
  data: string;
  author_id: number | null;
  batch_id: string | null;
  at: string;
}

export interface BatchesTable {
  id: string;
  tenant_id: number;
  /** bulkupdate | bulkremove | delete | import */
  kind: string;
  /** JSON: what the batch did, for the log and the undo notification. */
  summary: string;
  member_count: number;
  author_id: number | null;
  created_at: string;
  undone_at: string | null;
}

export interface BatchValuesTable {
  tenant_id: number;
  batch_id: string;
  member_id: number;
  kind: string;
  item: string;
  old_text: string | null;
  old_num: number | null;
}

export interface RateEventsTable {
  tenant_id: number;
  kind: string;
  key: string;
  at: string;
}

export interface ImportsTable {
  id: string;
  tenant_id: number;
  filename: string;
  stored_path: string;
  /** xlsx | csv */
  kind: string;
  /** JSON [{name, row_count}] */
  sheets: string;
  /** JSON {sheet, mapping, key_field} once imported */
  mapping: string | null;
  batch_id: string | null;
  created: number;
  updated: number;
  author_id: number | null;
  uploaded_at: string;
  imported_at: string | null;
  undone_at: string | null;
}

export interface MemberSecurityTable {
  tenant_id: number;
  member_id: number;
  /** none | setting_up | set | resetting ("resetting expired" is derived at read time) */
  mfa_state: string;
  /** AES-GCM encrypted base32 TOTP secret (lib/secretBox). */
  secret_enc: string | null;
  /** The secret being enrolled, until its first code confirms it. */
  pending_secret_enc: string | null;
  last_step: number;
  reset_code_hash: string | null;
  reset_expires_at: string | null;
  last_login_at: string | null;
  updated_at: string;
}

export interface LoginChallengesTable {
  /** sha256 of the token handed to the browser. */
  id: string;
  tenant_id: number;
  member_id: number;
  /** code | enroll | reset_code */
  step: string;
  expires_at: string;
}

/** An emailed password-reset link; id is the SHA-256 of the token. */
export interface PasswordResetsTable {
  id: string;
  tenant_id: number;
  member_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A named member filter shared within the association. */
export interface SavedFiltersTable {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  /** JSON of the normalised filter. */
  filter: string;
  author_id: number | null;
  created_at: string;
  updated_at: string;
}

/** Single-use export tokens: the export's request, bound to a session, for a few minutes. */
export interface ExportTokensTable {
  /** sha256 of the token. */
  id: string;
  tenant_id: number;
  session_id: string;
  member_id: number;
  /** JSON {filter, columns, format} */
  request: string;
  expires_at: string;
}

/** One change of the association's balance; the balance is the sum of amount_cents. */
export interface BalanceRowsTable {
  id: Generated<number>;
  tenant_id: number;
  at: string;
  kind: BalanceKind;
  /** Signed integer cents: credits positive, fees negative. */
  amount_cents: number;
  /** The part that is free balance (referral credits). */
  free_cents: Generated<number>;
  note: Generated<string>;
  payment_id: string | null;
  author_id: number | null;
}
export type BalanceKind = 'credit' | 'purchase' | 'fee' | 'refund' | 'referral';

/** A composed message: an announcement, later also invoices, reminders, update requests, member cards. */
export interface MessagesTable {
  id: Generated<number>;
  tenant_id: number;
  kind: MessageKind;
  msg_media: string;
  subject: Generated<string>;
  content: Generated<string>;
  /** JSON filter conditions. */
  filter: Generated<string>;
  /** JSON array of member ids. */
  addrecips: Generated<string>;
  status: Generated<MessageStatus>;
  /** JSON price: {rows, discount_cents, total_cents}. */
  price: string | null;
  payment_id: string | null;
  recipient_count: Generated<number>;
  author_id: number | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  /** Migration 024: the invoice a send round or reminder belongs to. */
  invoice_id: Generated<number | null>;
}
export type MessageKind = 'announcement' | 'invoice' | 'reminder' | 'updreq' | 'membercard';
export type MessageStatus = 'draft' | 'paying' | 'sent' | 'cancelled';

/** One recipient × medium of a message: the outbox row the worker claims. */
export interface DeliveriesTable {
  id: Generated<number>;
  tenant_id: number;
  message_id: number;
  member_id: number | null;
  medium: string;
  address: Generated<string>;
  status: Generated<DeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  provider_ref: string | null;
  error: string | null;
  created_at: string;
  status_at: string;
}
export type DeliveryStatus = 'held' | 'queued' | 'sending' | 'sent' | 'unknown' | 'read' | 'bounced' | 'cancelled' | 'confirmed';

/** A payment item ("mooney"): what one user action costs and whether it is paid. */
export interface PaymentItemsTable {
  id: string;
  tenant_id: number;
  context: string;
  subject_id: number | null;
  /** JSON [{type, count, unit_cents, total_cents}] */
  price_rows: Generated<string>;
  discount_cents: Generated<number>;
  original_amount: number;
  amount: number;
  method: 'balance' | 'online' | null;
  paid_at: string | null;
  goto: Generated<string>;
  author_id: number | null;
  created_at: string;
  /** Migration 022: the stamp of the online attempt that paid, the provider's transaction id, the cents charged online. */
  stamp: Generated<string | null>;
  provider_ref: Generated<string | null>;
  charged_amount: Generated<number | null>;
}

/** One online charge of a payment item (migration 022). */
export interface PaymentAttemptsTable {
  stamp: string;
  tenant_id: number;
  payment_id: string;
  reference: string;
  amount: number;
  provider: 'paytrail' | 'test';
  transaction_id: string | null;
  status: Generated<'new' | 'ok' | 'fail'>;
  created_at: string;
}

/** An email an association referred (migration 022); credited once. */
export interface ReferralsTable {
  id: Generated<number>;
  tenant_id: number;
  email: string;
  author_id: number | null;
  created_at: string;
  friend_tenant_id: number | null;
  credited_at: string | null;
}

/** The last outcome of a message to a member's address or number, per medium. */
export interface ContactStatesTable {
  tenant_id: number;
  member_id: number;
  medium: 'email' | 'sms';
  address: string;
  outcome: 'sent' | 'confirmed' | 'bounced';
  at: string;
}

/** Last receipt number per association (migration 023). */
export interface ReceiptCountersTable {
  tenant_id: number;
  last_number: number;
}

/** A receipt as issued; rows, vat, buyer and seller are JSON (schemas/payments.ts). */
export interface ReceiptsTable {
  id: Generated<number>;
  tenant_id: number;
  number: number;
  at: string;
  kind: string;
  method: 'balance' | 'online';
  payment_id: string;
  amount_cents: number;
  rows: string;
  vat: string;
  buyer: string;
  seller: string;
}

/** Last invoice number per association (migration 024); credit invoices share it. */
export interface InvoiceCountersTable {
  tenant_id: number;
  last_number: number;
}

/** An invoice as composed; its messages are the send rounds (migration 024). */
export interface InvoicesTable {
  id: Generated<number>;
  tenant_id: number;
  message_id: number;
  /** JSON [{title, amount_c, vat_percent}] */
  rows: Generated<string>;
  amount_c: Generated<number>;
  date_due: string;
  invoice_date: string;
  vat_obliged: Generated<number>;
  sms_notify: Generated<number>;
  rf_reference: Generated<number>;
  is_legacy: Generated<number>;
  author_id: number | null;
  created_at: string;
  updated_at: string;
}

/** One recipient's invoice, or a credit invoice (migration 024). */
export interface InvoiceInstancesTable {
  id: Generated<number>;
  tenant_id: number;
  invoice_id: number;
  message_id: number | null;
  member_id: number | null;
  kind: Generated<'invoice' | 'credit'>;
  credit_of: number | null;
  invoice_number: number;
  reference: string;
  recipient_name: Generated<string>;
  recipient_address: Generated<string>;
  recipient_email: Generated<string>;
  amount_c: number;
  rows: string | null;
  date_due: string;
  paid_c: Generated<number>;
  credited_c: Generated<number>;
  mark: Generated<'none' | 'paid' | 'cancelled'>;
  reminder_due: string | null;
  /** 1 when a bank payment settled it together with other instances (migration 025). */
  combosettled: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** An immutable event on an invoice instance (migration 024). */
export interface InvoiceActionsTable {
  id: Generated<number>;
  tenant_id: number;
  instance_id: number;
  action_type: string;
  amount_c: number | null;
  comment: Generated<string>;
  rows: string | null;
  credit_instance_id: number | null;
  message_id: number | null;
  date_due: string | null;
  pay_date: string | null;
  payer_name: string | null;
  archive_id: string | null;
  batch_id: string | null;
  author_id: number | null;
  created_at: string;
  /** The bank payment it came from (migration 025). */
  bank_payment_id: Generated<number | null>;
  /** 1 when that payment settled several instances. */
  combined: Generated<number>;
}

/** A bank statement file as loaded (migration 025). */
export interface BankStatementsTable {
  id: Generated<number>;
  tenant_id: number;
  format: 'camt054' | 'camt053' | 'ktl';
  source: 'upload' | 'bank_dir';
  filename: Generated<string>;
  sha256: string;
  accounts: Generated<string>;
  entries: Generated<number>;
  total_c: Generated<number>;
  ignored: Generated<number>;
  payments: Generated<string>;
  status: Generated<'dry_run' | 'applied' | 'undone'>;
  batch_id: string | null;
  booked: Generated<number>;
  author_id: number | null;
  created_at: string;
  applied_at: string | null;
  undone_at: string | null;
}

/** One booked credit payment of an applied statement (migration 025). */
export interface BankPaymentsTable {
  id: Generated<number>;
  tenant_id: number;
  statement_id: number;
  archive_id: string;
  account: Generated<string>;
  amount_c: number;
  booking_date: string;
  value_date: string | null;
  payer_name: Generated<string>;
  reference: string | null;
  message: Generated<string>;
  state: 'booked' | 'suggested' | 'unmatched' | 'assigned' | 'dismissed';
  match_kind: 'exact' | 'combined' | 'suggestion' | 'assigned' | null;
  suggested_instance_id: number | null;
  suggestion_reason: 'reference_typo' | 'message_mentions' | 'name_and_amount' | null;
  comment: Generated<string>;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
}

/** An account whose reference payments the association lets the service receive (migration 025). */
export interface BankMandatesTable {
  id: Generated<number>;
  tenant_id: number;
  iban: string;
  given_on: string;
  given_by: string;
  author_id: number | null;
  created_at: string;
}

/** Migration 026: a personal link to the member's own form; only the token's SHA-256 is kept. */
export interface EditLinksTable {
  id: Generated<number>;
  tenant_id: number;
  member_id: number;
  token_hash: string;
  source: EditLinkSource;
  message_id: number | null;
  delivery_id: number | null;
  sent_to: string | null;
  created_at: string;
  expires_at: string;
  opened_at: string | null;
  outcome: EditLinkOutcome | null;
  outcome_at: string | null;
}
export type EditLinkSource = 'updreq' | 'ordered';
export type EditLinkOutcome = 'updated' | 'confirmed';

/** Migration 026: a member card sent to a member (/c/{token}). */
export interface MemberCardsTable {
  id: Generated<number>;
  tenant_id: number;
  member_id: number;
  token_hash: string;
  message_id: number | null;
  delivery_id: number | null;
  valid_until: string;
  created_at: string;
  opened_at: string | null;
}

/** Migration 026: the association's Ed25519 key for member-card claims. */
export interface SigningKeysTable {
  id: Generated<number>;
  tenant_id: number;
  public_key: string;
  secret_sealed: string;
  created_at: string;
}

/** Migration 026: an uploaded image (member card logo, background), re-encoded. */
export interface TenantImagesTable {
  id: Generated<number>;
  tenant_id: number;
  purpose: TenantImagePurpose;
  mime: string;
  data: Buffer;
  width: number;
  height: number;
  sha256: string;
  author_id: number | null;
  created_at: string;
}
export type TenantImagePurpose = 'membercard_logo' | 'membercard_bgimage';

/** Migration 027: one claimant's expense claim to one account. */
export interface ExpenseClaimsTable {
  id: Generated<number>;
  tenant_id: number;
  person_id: number;
  person_name: string;
  person_account_number: string;
  status: Generated<ExpenseClaimStatus>;
  description: Generated<string>;
  amount_c: Generated<number>;
  item_count: Generated<number>;
  date_min: string | null;
  date_max: string | null;
  author_id: number | null;
  created_at: string;
  updated_at: string;
  date_accepted: string | null;
  date_rejected: string | null;
  rejection_reason: string | null;
  date_paid: string | null;
  paid_batch: string | null;
}
export type ExpenseClaimStatus = 'pending' | 'accepted' | 'rejected' | 'paid';
export type ExpenseItemType = 'receipt' | 'km' | 'per_diem';

export interface ExpenseClaimItemsTable {
  id: Generated<number>;
  tenant_id: number;
  claim_id: number;
  position: number;
  type: ExpenseItemType;
  date: string;
  description: Generated<string>;
  amount_c: number;
  receipt_id: number | null;
  location: string | null;
  vehicle: string | null;
  km: string | null;
  km_price_c: number | null;
  rate_year: number | null;
  started_at: string | null;
  returned_at: string | null;
  per_diem_full: number | null;
  per_diem_partial: number | null;
}

export interface ExpenseClaimFilesTable {
  id: Generated<number>;
  tenant_id: number;
  member_id: number;
  claim_id: number | null;
  filename: Generated<string>;
  mime: string;
  data: Buffer;
  bytes: number;
  sha256: string;
  width: number | null;
  height: number | null;
  pages: number | null;
  created_at: string;
}

export interface ExpenseClaimEventsTable {
  id: Generated<number>;
  tenant_id: number;
  claim_id: number;
  kind: 'created' | 'updated' | 'status' | 'comment';
  from_status: string | null;
  to_status: string | null;
  comment: string | null;
  author_id: number | null;
  author_name: Generated<string>;
  created_at: string;
}

/** Migration 028: one row per association, job and day; the key makes the day's claim unique. */
export interface JobRunsTable {
  tenant_id: number;
  job: string;
  day: string;
  started_at: string;
  finished_at: string | null;
  result: string | null;
}

/** Migration 028: an erased person's accounting identity, sealed. */
export interface AccountingPseudonymsTable {
  id: Generated<number>;
  tenant_id: number;
  pseudonym: string;
  sealed: string;
  created_at: string;
}

export interface Database {
  tenants: TenantsTable;
  members: MembersTable;
  sessions: SessionsTable;
  user_data: UserDataTable;
  settings: SettingsTable;
  activity_log: ActivityLogTable;
  login_failures: LoginFailuresTable;
  fields: FieldsTable;
  member_values: MemberValuesTable;
  groups: GroupsTable;
  member_groups: MemberGroupsTable;
  member_history: MemberHistoryTable;
  batches: BatchesTable;
  batch_values: BatchValuesTable;
  rate_events: RateEventsTable;
  imports: ImportsTable;
  member_security: MemberSecurityTable;
  login_challenges: LoginChallengesTable;
  password_resets: PasswordResetsTable;
  saved_filters: SavedFiltersTable;
  export_tokens: ExportTokensTable;
  balance_rows: BalanceRowsTable;
  messages: MessagesTable;
  deliveries: DeliveriesTable;
  payment_items: PaymentItemsTable;
  payment_attempts: PaymentAttemptsTable;
  referrals: ReferralsTable;
  contact_states: ContactStatesTable;
  receipt_counters: ReceiptCountersTable;
  receipts: ReceiptsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  invoice_instances: InvoiceInstancesTable;
  invoice_actions: InvoiceActionsTable;
  bank_statements: BankStatementsTable;
  bank_payments: BankPaymentsTable;
  bank_mandates: BankMandatesTable;
  edit_links: EditLinksTable;
  member_cards: MemberCardsTable;
  signing_keys: SigningKeysTable;
  tenant_images: TenantImagesTable;
  expense_claims: ExpenseClaimsTable;
  expense_claim_items: ExpenseClaimItemsTable;
  expense_claim_files: ExpenseClaimFilesTable;
  expense_claim_events: ExpenseClaimEventsTable;
  job_runs: JobRunsTable;
  accounting_pseudonyms: AccountingPseudonymsTable;
}

export type Tenant = Selectable<TenantsTable>;
export type NewTenant = Insertable<TenantsTable>;
export type Member = Selectable<MembersTable>;
export type NewMember = Insertable<MembersTable>;
export type MemberUpdate = Updateable<MembersTable>;
export type Session = Selectable<SessionsTable>;
export type MemberSecurity = Selectable<MemberSecurityTable>;
export type LoginChallenge = Selectable<LoginChallengesTable>;
export type FieldRow = Selectable<FieldsTable>;
export type GroupRow = Selectable<GroupsTable>;
