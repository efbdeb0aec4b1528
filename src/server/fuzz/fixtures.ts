import type { Role } from '../../shared/modules.js';
import { hashPassword } from '../auth/passwords.js';
import { forgetTwoFactorPolicy, readRequiredRoles } from '../auth/two-factor-policy.js';
import { createSession, findSessionUser, updateUserRow } from '../auth/sessions.js';
import type { AppContext } from '../context.js';
import { isForeignKeyViolation } from '../db/constraint-errors.js';
import { insertUser } from '../resources/users/repository.js';
import { userNameKey } from '../resources/users/present.js';
import { docxSample, multipart, samples } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';
import { IdPools } from './operations.js';
import type { Actor } from './operations.js';
import type { Rng } from './random.js';

const PASSWORD = 'fuzz-password-1';

interface Account {
  userName: string;
  roles: Role[];
  userId: number;
  token: string;
}

/**
 * The fuzz's signed-in callers: an administrator and staff of the built-in roles. The fuzz itself
 * revokes their sessions (logout, password changes), deactivates, demotes or deletes them now and
 * then; `keep()` puts each back as it was, so the run goes on reaching past the access checks.
 */
export class Actors {
  private constructor(
    private readonly ctx: AppContext,
    private readonly admin: Account,
    private readonly staff: Account[],
    private readonly passwordHash: string,
  ) {}

  static async create(t: TestApp, pools: IdPools): Promise<Actors> {
    const ctx = t.app.ctx;
    const passwordHash = await hashPassword(PASSWORD);
    const account = async (userName: string, roles: Role[]): Promise<Account> => {
      const row =
        (await ctx.db.kysely.selectFrom('users').select('id').where('user_name_key', '=', userNameKey(userName)).executeTakeFirst()) ??
        (await insertUser(ctx.db.kysely, { userName, password: PASSWORD, displayName: userName, email: '', roles }, passwordHash));
      const userId = Number(row.id);
      await updateUserRow(ctx, userId, { password_hash: passwordHash, roles: JSON.stringify(roles), is_active: 1, must_change_password: 0 });
      pools.add('User', userId);
      return { userName, roles, userId, token: (await createSession(ctx, userId)).token };
    };
    const admin = await account('admin', ['admin']);
    const staff = [await account('fuzz-editor', ['editor']), await account('fuzz-hr', ['hr']), await account('fuzz-service', ['service'])];
    return new Actors(ctx, admin, staff, passwordHash);
  }

  /** The Authorization header of an actor (staff: one of the roles, chosen by the request's seed). */
  authorization(actor: Actor, rng: Rng): string | undefined {
    if (actor === 'admin') return `Bearer ${this.admin.token}`;
    if (actor === 'staff') return `Bearer ${rng.pick(this.staff).token}`;
    return undefined;
  }

  get adminToken(): string {
    return this.admin.token;
  }

  /** The user names and password a sign-in may use to succeed. */
  get credentials() {
    return { userNames: [this.admin.userName, ...this.staff.map((s) => s.userName)], password: PASSWORD };
  }

  /**
   * Puts back every account the fuzz changed and gives it a fresh session; answers how many were.
   * The generated requests go on meanwhile, so one of them may delete an account between its repair
   * and its new session: that account is repaired again.
   */
  async keep(): Promise<number> {
    let repaired = 0;
    // A generated `User/TwoFactorPolicy` may require two factors of a role the fuzz's accounts hold,
    // which would keep them at the enrolment step: the policy is put back to none.
    if ((await readRequiredRoles(this.ctx.db.kysely)).length) {
      await this.ctx.db.kysely.deleteFrom('two_factor_roles').execute();
      forgetTwoFactorPolicy(this.ctx);
      repaired++;
    }
    for (const account of [this.admin, ...this.staff]) {
      const user = await findSessionUser(this.ctx, account.token);
      const same = user && user.id === account.userId && user.isActive && !user.mustChangePassword && !user.twoFactorEnabled && [...user.roles].sort().join() === [...account.roles].sort().join();
      if (same) continue;
      repaired++;
      for (let attempt = 1; ; attempt++) {
        try {
          await this.repair(account);
          break;
        } catch (error) {
          if (attempt >= 5 || !isForeignKeyViolation(error)) throw error;
        }
      }
    }
    return repaired;
  }

  private async repair(account: Account): Promise<void> {
    const db = this.ctx.db.kysely;
    const row = await db.selectFrom('users').select('id').where('user_name_key', '=', userNameKey(account.userName)).executeTakeFirst();
    if (row) {
      account.userId = Number(row.id);
      await updateUserRow(this.ctx, account.userId, { is_active: 1, roles: JSON.stringify(account.roles), password_hash: this.passwordHash, must_change_password: 0, two_factor_enabled: 0 });
    } else {
      const inserted = await insertUser(db, { userName: account.userName, password: PASSWORD, displayName: account.userName, email: '', roles: account.roles }, this.passwordHash);
      account.userId = Number(inserted.id);
    }
    account.token = (await createSession(this.ctx, account.userId)).token;
  }
}

/**
 * A few records of every kind, through the API as an administrator, so that ids in generated
 * requests name real records and reach the handlers' deeper paths (updates, status moves, deletes
 * refused because a category is in use, downloads).
 */
export async function seedRecords(t: TestApp, adminToken: string, pools: IdPools): Promise<void> {
  const created = async (path: string, body: unknown, entity = path) => {
    const res = await t.call('POST', `/api/${path}`, body, adminToken);
    const answer = res.json() as { isSuccess: boolean; data: { id: number } };
    if (!answer.isSuccess) throw new Error(`the fuzz could not create its ${path} fixture: ${res.body}`);
    pools.add(entity, answer.data.id);
    return answer.data.id;
  };
  const upload = async (path: string, fields: Record<string, string>, files: Parameters<typeof multipart>[1], entity: string) => {
    const form = multipart(fields, files);
    const res = await t.call('POST', `/api/${path}`, form.payload, adminToken, form.headers);
    const answer = res.json() as { isSuccess: boolean; data: { id: number } };
    if (!answer.isSuccess) throw new Error(`the fuzz could not upload its ${path} fixture: ${res.body}`);
    pools.add(entity, answer.data.id);
    return answer.data.id;
  };
  const now = new Date().toISOString();
  const newsCategories = [await created('NewsCategory', { name: 'Fuzz news' }), await created('NewsCategory', { name: 'Fuzz spare' })];
  const jobCategories = [await created('JobCategory', { name: 'Fuzz jobs' }), await created('JobCategory', { name: 'Fuzz spare' })];
  for (const status of ['published', 'draft', 'published']) {
    await created('News', { title: `Fuzz ${status}`, content: '<p>Fuzz</p>', categoryId: newsCategories[0], status, publishedAt: now });
  }
  const offices = [
    await created('Office', { name: 'Fuzz office', city: 'Fuzz city', country: 'CN', translations: { 'en-US': { name: 'Fuzz office (en)' } } }),
    await created('Office', { name: 'Fuzz spare office', country: 'SG' }),
  ];
  const jobs: number[] = [];
  for (const status of ['open', 'draft', 'closed', 'open']) {
    jobs.push(await created('Job', { title: `Fuzz ${status}`, description: '<p>Fuzz</p>', categoryId: jobCategories[0], status, officeId: offices[0] }));
  }
  await upload('File', {}, { file: { name: 'cover.png', type: 'image/png', content: samples.png } }, 'File');
  const resumes = [
    { name: 'resume.pdf', type: 'application/pdf', content: samples.pdf },
    { name: 'resume.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: docxSample() },
  ];
  for (const [i, resume] of resumes.entries()) {
    const id = await upload(
      'JobApplication',
      { jobId: String(jobs[0]), name: `Fuzz applicant ${i}`, phone: '+86 138 0000 0000', email: `fuzz${i}@example.com`, consent: 'true' },
      { resume },
      'JobApplication',
    );
    // The résumé's file id, from the record's download address, so downloads reach a résumé too.
    const record = (await t.call('GET', `/api/JobApplication/${id}`, undefined, adminToken)).json() as { data: { resumeUrl: string } };
    const fileId = Number(/(\d+)$/.exec(record.data.resumeUrl)?.[1]);
    if (fileId) pools.add('File', fileId);
  }
  for (let i = 0; i < 2; i++) {
    await created('ContactInfo', { name: `Fuzz ${i}`, email: `fuzz${i}@example.com`, message: 'Hello from the fuzz' });
    await created('JoinUs', { name: `Fuzz ${i}`, phone: '+86 138 0000 0000', message: 'Hello from the fuzz' });
  }
}
