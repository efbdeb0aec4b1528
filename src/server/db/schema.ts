import type { Generated, Kysely } from 'kysely';
import type { Category } from '../../shared/schemas/category.js';
import type { ContactInfo, JoinUs } from '../../shared/schemas/inquiry.js';
import type { Job } from '../../shared/schemas/job.js';
import type { News } from '../../shared/schemas/news.js';
import type { Office } from '../../shared/schemas/office.js';

/**
 * The tables as Kysely sees them. Times are ISO-8601 UTC strings and flags are 0/1 integers on both
 * engines, so one code path reads and writes SQLite and PostgreSQL alike (docs/decisions/0004).
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  news_categories: CategoriesTable;
  job_categories: CategoriesTable;
  news: NewsTable;
  offices: OfficesTable;
  jobs: JobsTable;
  files: FilesTable;
  media: MediaTable;
  job_applications: JobApplicationsTable;
  job_application_terms: JobApplicationTermsTable;
  job_application_term_counts: JobApplicationTermCountsTable;
  inquiry_status_counts: InquiryStatusCountsTable;
  contact_infos: ContactInfosTable;
  join_us: JoinUsTable;
  status_history: StatusHistoryTable;
  candidate_email_templates: CandidateEmailTemplatesTable;
  site_settings: SiteSettingsTable;
  pages: PagesTable;
  two_factor_secrets: TwoFactorSecretsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  two_factor_roles: TwoFactorRolesTable;
  roles: RolesTable;
  audit_events: AuditEventsTable;
  revisions: RevisionsTable;
  password_resets: PasswordResetsTable;
  erasure_ledger: ErasureLedgerTable;
  retention_settings: RetentionSettingsTable;
  privacy_notices: PrivacyNoticesTable;
  notification_marks: NotificationMarksTable;
  acknowledgements: AcknowledgementsTable;
}

/** The database as Kysely speaks to it. */
export type KyselyDb = Kysely<Database>;

interface Timestamps {
  created_at: string;
  updated_at: string;
}

export interface UsersTable extends Timestamps {
  id: Generated<number>;
  user_name: string;
  user_name_key: string;
  display_name: string;
  email: string;
  password_hash: string;
  roles: string;
  is_active: number;
  last_login_at: string | null;
  /** 0/1: two-factor sign-in is on (migration 0017); the secret itself lives in two_factor_secrets. */
  two_factor_enabled: Generated<number>;
  /** 1 until the user changes a password they were given (migration 0016). */
  must_change_password: Generated<number>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  /** Where the session was opened from, for the user's list of their sessions (migration 0016). */
  user_agent: string | null;
  client_address: string | null;
}

/** `categoryId` → `category_id`, at the type level: the column mapping of crud/columns.ts. */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** How a record's value is stored: flags as 0/1, lists as JSON text, everything else as it is. */
type Stored<V> = V extends boolean ? number : V extends readonly unknown[] ? string : V;

/**
 * The table of an entity whose record is stored column by column: every field of the record but
 * the `derived` ones (joined names, counts) under its snake_case name, and a generated id. A plain
 * entity's table type is written once, in its shared record schema.
 */
export type TableOf<R, Derived extends keyof R = never> = {
  [K in Exclude<keyof R, Derived | 'id'> & string as SnakeCase<K>]: Stored<R[K]>;
} & { id: Generated<number> };

/**
 * The columns of a record with translatable texts (migration 0023, docs/decisions/0054): its
 * translations as JSON, the languages it has no usable translation into (`" en-US "`) and the
 * translations' searchable texts. A row written without them has none (`'{}'`, `' en-US '`, `''`).
 */
export interface TranslatedColumns {
  translations: Generated<string>;
  missing_translations: Generated<string>;
  translated_text: Generated<string>;
}

export type CategoriesTable = TableOf<Category, 'itemCount' | 'translations'> & TranslatedColumns;
/** `updated_by` (news and jobs): who saved the row last (migration 0021). */
export type NewsTable = TableOf<News, 'categoryName' | 'translations'> & TranslatedColumns;
/** `archived` (migration 0018) defaults to 0, so an insert may leave it out. */
/** `office_id` (migration 0027): the job's office, null when its location is free text only. */
export type JobsTable = TableOf<Job, 'categoryName' | 'archived' | 'translations' | 'officeAddress' | 'officeCity' | 'officeCountry'> & { archived: Generated<number> } & TranslatedColumns;
/** Offices (migration 0027): where jobs are. */
export type OfficesTable = TableOf<Office, 'jobCount' | 'translations'> & TranslatedColumns;

export interface FilesTable {
  id: Generated<number>;
  name: string;
  size: number;
  mime_type: string;
  kind: 'image' | 'resume';
  storage_key: string;
  created_by: number | null;
  created_at: string;
}

/** An image of the media library, under its file's id (migration 0009). */
export interface MediaTable {
  id: number;
  name: string;
  width: number | null;
  height: number | null;
  /** `{ "zh-CN": "…", "en-US": "…" }` as JSON text; both empty by default. */
  alt: Generated<string>;
  content_hash: string | null;
  created_at: string;
}

export interface JobApplicationsTable extends Timestamps {
  id: Generated<number>;
  job_id: number;
  name: string;
  phone: string;
  email: string;
  education: string | null;
  years_of_experience: number | null;
  cover_letter: string;
  resume_file_id: number;
  status_id: number;
  consent_at: string;
  note: string;
  client_address: string;
  /** When its personal fields were replaced (migration 0018); null while they are kept. */
  anonymised_at: Generated<string | null>;
  /** The privacy notice's version the applicant was given (migration 0020). */
  privacy_version?: number | null;
  /** The language the applicant used, `zh-CN` or `en-US` (migration 0026; zh-CN for older ones). */
  locale?: string;
}

/** The keyword index of job applications (resources/applications/search.ts). */
export interface JobApplicationTermsTable {
  term: string;
  status_id: number;
  created_at: string;
  application_id: number;
}

export interface JobApplicationTermCountsTable {
  term: string;
  status_id: number;
  applications: number;
}

/** Contact messages and join-us entries per status, kept by triggers (migration 0007). */
export interface InquiryStatusCountsTable {
  entity: 'contact_infos' | 'join_us';
  status_id: number;
  /** The part of the count: a record counts in part `id % 8`. */
  slot: number;
  records: number;
}

/** Contact messages and join-us entries also keep the address they were sent from. */
export type ContactInfosTable = TableOf<ContactInfo, 'history' | 'anonymisedAt' | 'privacyVersion'> & {
  client_address: string;
  anonymised_at: Generated<string | null>;
  /** The privacy notice's version the sender was given (migration 0020). */
  privacy_version?: number | null;
};
export type JoinUsTable = TableOf<JoinUs, 'history' | 'anonymisedAt' | 'privacyVersion'> & {
  client_address: string;
  anonymised_at: Generated<string | null>;
  /** The privacy notice's version the sender was given (migration 0020). */
  privacy_version?: number | null;
};

export interface StatusHistoryTable {
  id: Generated<number>;
  entity: string;
  record_id: number;
  status_id: number;
  note: string;
  by_user_id: number | null;
  by_user_name: string | null;
  at: string;
  /** The e-mail the move sent the applicant, its address and subject (migration 0026); null for none. */
  email_to?: string | null;
  email_subject?: string | null;
}

/** The e-mail an applicant may be sent on a move to each status (migration 0026). */
export interface CandidateEmailTemplatesTable extends Timestamps {
  id: Generated<number>;
  status_id: number;
  enabled: number;
  /** `{ "zh-CN": "…", "en-US": "…" }` as JSON text, as the subject and body of the template. */
  subject: string;
  body: string;
  updated_by: string | null;
}

/** The site's settings: one row, id 1, its settings a JSON document (migration 0010). */
export interface SiteSettingsTable {
  id: number;
  settings: string;
  updated_at: string | null;
  /** Who saved them last (migration 0021). */
  updated_by: string | null;
}

/** An editable page under its key, each version a JSON document (migration 0011). */
export interface PagesTable {
  key: string;
  draft_json: string;
  published_json: string;
  previous_json: string | null;
  updated_at: string | null;
  updated_by: string | null;
  published_at: string | null;
}

/** One staff action (src/server/audit/record.ts); appended, never changed. */
export interface AuditEventsTable {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  user_name: string | null;
  action: string;
  entity: string | null;
  entity_id: string | null;
  /** JSON `{ field: [before, after] }`, for updates. */
  changes: string | null;
  client_address: string | null;
  user_agent: string | null;
}

/** The version a save replaced (src/server/revisions/repository.ts); kept, never changed. */
export interface RevisionsTable {
  id: Generated<number>;
  /** The API's entity name: `News`, `Job`, `Page`, `Site`. */
  entity: string;
  /** The record's id or key, as text. */
  record_key: string;
  /** The whole record as the API answered it. */
  record_json: string;
  /** A short line naming the version (its title), for lists. */
  summary: string;
  user_id: number | null;
  user_name: string | null;
  created_at: string;
}

/** A password-reset link sent by e-mail: only the token's hash is kept; used once (migration 0016). */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A user's TOTP secret (migration 0017): pending until `confirmed_at`; never part of an answer after enrolment. */
export interface TwoFactorSecretsTable {
  user_id: number;
  secret: string;
  confirmed_at: string | null;
  /** The last time step whose code was taken: a code is never taken twice. */
  last_step: number | null;
  created_at: string;
}

/** A single-use recovery code, kept as a hash. */
export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** The second step of a sign-in: single-use and short-lived, kept as a hash of its token. */
export interface TwoFactorChallengesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** A role whose members must sign in with two factors. */
/**
 * Roles (migration 0028, docs/decisions/0059): the built-in ones (`built_in` 1, grants from the code)
 * and custom ones, whose `grants` is JSON: module key to `read` or `write`.
 */
export interface RolesTable extends Timestamps, TranslatedColumns {
  id: Generated<number>;
  key: string;
  name: string;
  description: Generated<string>;
  grants: Generated<string>;
  built_in: Generated<number>;
}

export interface TwoFactorRolesTable {
  role: string;
  required_since: string;
}

/**
 * Every erasure and anonymisation (migration 0018, docs/decisions/0043): the record and a SHA-256 of
 * the lower-cased e-mail, no personal data; a restore applies them again.
 */
export interface ErasureLedgerTable {
  id: Generated<number>;
  entity: string;
  record_id: number;
  action: 'erase' | 'anonymise';
  email_sha256: string | null;
  /** The record's creation time: with the hash, it tells the record from a later one given its id. */
  record_created_at: string;
  at: string;
}

/** The retention periods: one row, id 1, a JSON document over the defaults (migration 0020). */
export interface RetentionSettingsTable {
  id: number;
  settings: string;
  /** The day (YYYY-MM-DD, UTC) the daily job last ran. */
  last_run_on: string | null;
  updated_at: string | null;
}

/** A published version of the privacy notice; kept, never changed (migrations 0020, 0022). */
export interface PrivacyNoticesTable {
  version: number;
  text_zh: string;
  text_en: string;
  /** Null for version 0 only: the notice in force before any was published (docs/decisions/0048). */
  published_at: string | null;
  published_by: string | null;
}

/** The last digest of a form's submissions sent to its module's staff (migration 0020). */
export interface NotificationMarksTable {
  key: string;
  /** Submissions created up to this time were in a digest. */
  covered_to: string;
  sent_at: string;
}

/** When a form's sender was last acknowledged, by a SHA-256 of the address, never the address. */
export interface AcknowledgementsTable {
  address_sha256: string;
  sent_at: string;
}
