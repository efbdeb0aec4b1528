import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_REFUSED_MESSAGE } from '../../shared/api.js';
import type { ValidationIssue } from '../../shared/api.js';
import { VALIDATION_CODES, refusalReasonOf } from '../../shared/refusals.js';
import { buildUser, createTestApp, testEngines } from '../testing/harness.js';
import type { TestApp } from '../testing/harness.js';

/**
 * Every refusal names itself (docs/decisions/0052): a validation issue by its `code` and `params`,
 * any other error with several causes by `data.reason`; the English message stays as it was.
 */
describe.each(testEngines())('refusal codes on %s', (engine) => {
  let t: TestApp;
  let admin: string;
  let newsCategory: number;
  let jobCategory: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await t.signIn();
    newsCategory = (await t.call('POST', '/api/NewsCategory', { name: 'Codes news', sortOrder: 1 }, admin)).json().data.id;
    jobCategory = (await t.call('POST', '/api/JobCategory', { name: 'Codes jobs', sortOrder: 1 }, admin)).json().data.id;
  });
  afterAll(() => t.close());

  const issuesOf = (res: { statusCode: number; body: string; json: () => { errorCode: number; data: { issues: ValidationIssue[] } } }) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errorCode).toBe(40000);
    const issues = res.json().data.issues;
    for (const issue of issues) expect(VALIDATION_CODES, JSON.stringify(issue)).toContain(issue.code);
    return issues;
  };

  it('names a text too long with its limit, a missing field as required and an unknown field', async () => {
    const res = await t.call('POST', '/api/News', { title: 'x'.repeat(201), categoryId: newsCategory, colour: 'red' }, admin);
    const issues = issuesOf(res);
    expect(issues).toContainEqual({ path: 'colour', code: 'unknown_field', params: { keys: ['colour'] }, message: 'Unknown field: colour' });
    const wrongOnes = await t.call('POST', '/api/News', { title: 'x'.repeat(201), categoryId: newsCategory }, admin);
    const [title, content] = [...issuesOf(wrongOnes)].sort((a, b) => a.path.localeCompare(b.path)).reverse();
    expect(title).toEqual({ path: 'title', code: 'too_big', params: { maximum: 200, origin: 'string', inclusive: true }, message: expect.any(String) });
    expect(content).toMatchObject({ path: 'content', code: 'required' });
    // An empty text is required too, not "too small".
    const empty = issuesOf(await t.call('POST', '/api/News', { title: '  ', content: '<p>x</p>', categoryId: newsCategory }, admin));
    expect(empty).toEqual([{ path: 'title', code: 'required', message: 'Required' }]);
  });

  it('names the custom refinements: the salary order, a wrong type, a choice not offered', async () => {
    const job = { title: 'Codes role', categoryId: jobCategory, description: '<p>x</p>' };
    const order = issuesOf(await t.call('POST', '/api/Job', { ...job, salaryMin: 9000, salaryMax: 7000 }, admin));
    expect(order).toEqual([{ path: 'salaryMax', code: 'salary_order', message: 'Must not be less than salaryMin' }]);
    const typed = issuesOf(await t.call('POST', '/api/Job', { ...job, headcount: 'two' }, admin));
    expect(typed).toEqual([{ path: 'headcount', code: 'invalid_type', params: { expected: 'number' }, message: expect.any(String) }]);
    const choice = issuesOf(await t.call('POST', '/api/Job', { ...job, status: 'maybe' }, admin));
    expect(choice).toEqual([{ path: 'status', code: 'invalid_value', params: { values: expect.arrayContaining(['open']) }, message: expect.any(String) }]);
  });

  it('names a NUL character and a malformed body', async () => {
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/News',
      payload: `{"title":"a\\u0000b","content":"<p>x</p>","categoryId":${newsCategory}}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    });
    expect(issuesOf(nul)).toEqual([{ path: 'title', code: 'nul_character', message: 'Must not contain the NUL character' }]);
    const broken = await t.app.inject({ method: 'POST', url: '/api/News', payload: '{"title":', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` } });
    expect(issuesOf(broken)).toEqual([{ path: '', code: 'malformed_json', message: 'Malformed JSON body' }]);
  });

  it("names a wrong current password, apart from a missing one, keeping the server's words", async () => {
    const user = await buildUser(t, admin, ['editor']);
    const wrong = await t.call('POST', '/api/User/UpdatePassword', { oldPassword: 'not-the-password', newPassword: 'changed-password-1' }, user.token);
    expect(issuesOf(wrong)).toEqual([{ path: 'oldPassword', code: 'wrong_password', message: 'Current password is wrong' }]);
    expect(wrong.json().message).toBe('oldPassword: Current password is wrong');
    const missing = await t.call('POST', '/api/User/UpdatePassword', { newPassword: 'changed-password-1' }, user.token);
    expect(issuesOf(missing)[0]).toMatchObject({ path: 'oldPassword', code: 'old_password_required' });
    const common = await t.call('POST', '/api/User/UpdatePassword', { oldPassword: user.password, newPassword: 'password123' }, user.token);
    expect(issuesOf(common)[0]).toMatchObject({ path: 'newPassword', code: 'common_password' });
    expect(common.json().data.reason).toBe('common');
    const short = await t.call('POST', '/api/User/UpdatePassword', { oldPassword: user.password, newPassword: 'short' }, user.token);
    expect(issuesOf(short)[0]).toMatchObject({ path: 'newPassword', code: 'too_small', params: { minimum: 8, origin: 'string' } });
  });

  it('gives a not found record, an unknown call, a wrong content type and a résumé type each its reason', async () => {
    const missing = await t.call('GET', '/api/News/999999', undefined, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ isSuccess: false, errorCode: 40004, message: expect.any(String), data: { reason: 'record' } });
    const noCall = await t.call('GET', '/api/NoSuchCall');
    expect(refusalReasonOf(noCall.json().errorCode, noCall.json().data)).toBe('no-such-call');
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/News/Query', payload: 'x', headers: { 'content-type': 'text/plain' } });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().data).toEqual({ reason: 'content-type' });
  });

  it('keeps the sign-in refusal as the seed answers it, and names a throttled sign-in', async () => {
    const user = await buildUser(t, admin, ['editor']);
    const refused = await t.call('POST', '/api/security/login', { userName: user.userName, password: 'wrong-password' });
    expect(refused.json()).toEqual({ isSuccess: false, errorCode: 40001, message: SIGN_IN_REFUSED_MESSAGE, data: null });
    let throttled = refused;
    for (let i = 0; i < 10 && throttled.statusCode !== 429; i++) {
      throttled = await t.call('POST', '/api/security/login', { userName: user.userName, password: 'wrong-password' });
    }
    expect(throttled.statusCode, throttled.body).toBe(429);
    expect(throttled.json()).toMatchObject({ errorCode: 40029, data: { reason: 'sign-in' } });
  });
});
