import { DEFAULT_LOCALE } from '../../../shared/locale.js';
import type { JobApplicationCreate } from '../../../shared/schemas/job-application.js';
import type { Db } from '../../db/connect.js';
import type { KyselyDb } from '../../db/schema.js';
import type { FileStorage } from '../../files/storage.js';
import { nowIso } from '../../time.js';
import { openJobsScope } from '../content/jobs.js';
import { indexApplication } from './search.js';

/** The SQL of taking in an application: the job it names, and the record with its résumé. */

/** The open job an application names, or undefined. */
export function findOpenJob(db: KyselyDb, jobId: number) {
  return openJobsScope(db.selectFrom('jobs').select(['jobs.id', 'jobs.title']), nowIso()).where('jobs.id', '=', jobId).executeTakeFirst();
}

export interface Resume {
  name: string;
  content: Buffer;
  mimeType: string;
  storageKey: string;
}

/**
 * Saves an application, its résumé's file record, its keyword index and the résumé's bytes in one
 * transaction: whatever fails, nothing is kept, and no stored file outlives its record.
 */
export async function insertApplication(db: Db, storage: FileStorage, input: JobApplicationCreate, resume: Resume, clientAddress: string): Promise<number> {
  const now = nowIso();
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const file = await trx
        .insertInto('files')
        .values({
          name: resume.name,
          size: resume.content.length,
          mime_type: resume.mimeType,
          kind: 'resume',
          storage_key: resume.storageKey,
          created_by: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const row = {
        job_id: input.jobId,
        name: input.name,
        phone: input.phone,
        email: input.email,
        education: input.education ?? null,
        years_of_experience: input.yearsOfExperience ?? null,
        cover_letter: input.coverLetter ?? '',
        resume_file_id: file.id,
        status_id: 1,
        consent_at: now,
        // Checked against the current version by the route (docs/decisions/0045).
        privacy_version: input.privacyVersion ?? null,
        locale: input.locale ?? DEFAULT_LOCALE,
        note: '',
        client_address: clientAddress,
        created_at: now,
        updated_at: now,
      };
      const application = await trx.insertInto('job_applications').values(row).returning('id').executeTakeFirstOrThrow();
      // The keyword index is written with the record: a committed application is always findable.
      await indexApplication(trx, { ...row, id: application.id });
      await storage.put(resume.storageKey, resume.content);
      return application.id;
    });
  } catch (error) {
    await storage.remove(resume.storageKey);
    throw error;
  }
}

/** Whom a candidate e-mail goes to, and what fills its placeholders (docs/decisions/0056). */
export interface Applicant {
  email: string;
  name: string;
  locale: string;
  job_title: string | null;
  anonymised_at: string | null;
}

export function applicantOf(db: KyselyDb, id: number): Promise<Applicant | undefined> {
  return db
    .selectFrom('job_applications')
    .leftJoin('jobs', 'jobs.id', 'job_applications.job_id')
    .select(['job_applications.email', 'job_applications.name', 'job_applications.locale', 'job_applications.anonymised_at', 'jobs.title as job_title'])
    .where('job_applications.id', '=', id)
    .executeTakeFirst() as Promise<Applicant | undefined>;
}

/** The candidate e-mail template of an application status (each status has one). */
export function templateOfStatus(db: KyselyDb, statusId: number) {
  return db.selectFrom('candidate_email_templates').selectAll().where('status_id', '=', statusId).executeTakeFirst();
}
