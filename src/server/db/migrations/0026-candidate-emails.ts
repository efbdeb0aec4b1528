import { SqliteAdapter } from 'kysely';
import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code.

/**
 * Candidate e-mails (docs/decisions/0056): one template per application status, its subject and
 * body in both languages as JSON text, with neutral starters (the company is a placeholder, filled
 * from the site settings); the language an applicant used, so their e-mail is written in it
 * (applications older than this are taken as zh-CN, the site's default language); and, on a status
 * move that sent an e-mail, the address and subject it was sent with.
 */

const STARTERS: { statusId: number; subject: [string, string]; body: [string, string] }[] = [
  {
    statusId: 2,
    subject: ['您的申请正在审核：{job}', 'Your application is being reviewed: {job}'],
    body: [
      '{name}，您好：\n\n感谢您申请{company}的「{job}」职位。我们正在审核您的申请，如有进一步安排会尽快与您联系。\n\n{company}',
      'Dear {name},\n\nThank you for applying for "{job}" at {company}. We are reviewing your application and will be in touch about the next steps.\n\n{company}',
    ],
  },
  {
    statusId: 3,
    subject: ['面试邀请：{job}', 'Interview invitation: {job}'],
    body: [
      '{name}，您好：\n\n感谢您申请{company}的「{job}」职位。我们希望邀请您参加面试，稍后会与您联系确认时间和方式。\n\n{company}',
      'Dear {name},\n\nThank you for applying for "{job}" at {company}. We would like to invite you to an interview and will contact you shortly to arrange a time.\n\n{company}',
    ],
  },
  {
    statusId: 4,
    subject: ['录用意向：{job}', 'Job offer: {job}'],
    body: [
      '{name}，您好：\n\n我们很高兴地通知您，{company}希望为您提供「{job}」职位。我们会尽快与您联系，说明录用的详细信息。\n\n{company}',
      'Dear {name},\n\nWe are pleased to let you know that {company} would like to offer you the position of "{job}". We will contact you shortly with the details of the offer.\n\n{company}',
    ],
  },
  {
    statusId: 5,
    subject: ['欢迎加入{company}', 'Welcome to {company}'],
    body: [
      '{name}，您好：\n\n欢迎您以「{job}」的身份加入{company}。我们会与您联系，安排入职事宜。\n\n{company}',
      'Dear {name},\n\nWelcome to {company} as "{job}". We will be in touch to prepare your first day.\n\n{company}',
    ],
  },
  {
    statusId: 6,
    subject: ['关于您申请的「{job}」职位', 'Your application for {job}'],
    body: [
      '{name}，您好：\n\n感谢您对{company}「{job}」职位的关注。经过慎重考虑，我们这次无法继续推进您的申请。祝您求职顺利。\n\n{company}',
      'Dear {name},\n\nThank you for your interest in "{job}" at {company}. After careful consideration, we will not be taking your application further this time. We wish you every success.\n\n{company}',
    ],
  },
];

const localized = ([zh, en]: [string, string]) => JSON.stringify({ 'zh-CN': zh, 'en-US': en });

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('candidate_email_templates')
    .addColumn('id', 'integer', (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity()))
    .addColumn('status_id', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .execute();
  // One template per status; the list is sorted and filtered by status.
  await db.schema.createIndex('candidate_email_templates_status_id').unique().on('candidate_email_templates').column('status_id').execute();
  await db.schema.createIndex('candidate_email_templates_enabled').on('candidate_email_templates').columns(['enabled', 'status_id']).execute();
  const now = new Date().toISOString();
  const empty = localized(['', '']);
  const rows = [1, 2, 3, 4, 5, 6].map((statusId) => {
    const starter = STARTERS.find((s) => s.statusId === statusId);
    return {
      status_id: statusId,
      // Every application starts as new and has had its acknowledgement: no e-mail for it.
      enabled: starter ? 1 : 0,
      subject: starter ? localized(starter.subject) : empty,
      body: starter ? localized(starter.body) : empty,
      created_at: now,
      updated_at: now,
      updated_by: null,
    };
  });
  await db.insertInto('candidate_email_templates').values(rows).execute();

  await db.schema.alterTable('job_applications').addColumn('locale', 'text', (c) => c.notNull().defaultTo('zh-CN')).execute();
  await db.schema.alterTable('status_history').addColumn('email_to', 'text').execute();
  await db.schema.alterTable('status_history').addColumn('email_subject', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('status_history').dropColumn('email_subject').execute();
  await db.schema.alterTable('status_history').dropColumn('email_to').execute();
  await db.schema.alterTable('job_applications').dropColumn('locale').execute();
  await db.schema.dropTable('candidate_email_templates').execute();
}
