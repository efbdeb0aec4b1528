import type { Generated } from 'kysely';

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
  jobs: JobsTable;
  files: FilesTable;
  job_applications: JobApplicationsTable;
  job_application_terms: JobApplicationTermsTable;
  job_application_term_counts: JobApplicationTermCountsTable;
  inquiry_status_counts: InquiryStatusCountsTable;
  contact_infos: ContactInfosTable;
  join_us: JoinUsTable;
  status_history: StatusHistoryTable;
}

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
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface CategoriesTable extends Timestamps {
  id: Generated<number>;
  name: string;
  sort_order: number;
}

export interface NewsTable extends Timestamps {
  id: Generated<number>;
  title: string;
  summary: string;
  content: string;
  cover_url: string;
  category_id: number;
  author: string;
  template: string;
  status: string;
  published_at: string | null;
  is_top: number;
  view_count: number;
  locale: string;
}

export interface JobsTable extends Timestamps {
  id: Generated<number>;
  title: string;
  category_id: number;
  department: string;
  location: string;
  employment_type: string;
  headcount: number;
  salary_min: number | null;
  salary_max: number | null;
  description: string;
  requirements: string;
  status: string;
  published_at: string | null;
  closes_at: string | null;
  locale: string;
}

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

interface InquiryColumns extends Timestamps {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  company: string;
  message: string;
  status_id: number;
  note: string;
  client_address: string;
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

export interface ContactInfosTable extends InquiryColumns {
  subject: string;
}

export interface JoinUsTable extends InquiryColumns {
  region: string;
  cooperation_type: string;
}

export interface StatusHistoryTable {
  id: Generated<number>;
  entity: string;
  record_id: number;
  status_id: number;
  note: string;
  by_user_id: number | null;
  by_user_name: string | null;
  at: string;
}
