import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN_PATHS, AUTH_PATHS } from '../../shared/paths.js';
import { launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

/** Accounts in a real browser (issue 19, docs/decisions/0038). */
describe('accounts', () => {
  let portico: Portico;
  let browser: Browser;
  let oneTimePassword: string;

  beforeAll(async () => {
    // No PORTICO_ADMIN_PASSWORD: the administrator's password is generated and printed once.
    portico = await startPortico({ PORTICO_ADMIN_PASSWORD: '', PORTICO_DEMO: '0' });
    browser = await launchBrowser();
    const printed = /one-time password: ([A-Za-z0-9_-]+)/.exec(portico.output());
    if (!printed) throw new Error(`no one-time password in the log:\n${portico.output()}`);
    oneTimePassword = printed[1];
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  const api = async (apiPath: string, body: unknown, token?: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${portico.url}/api/${apiPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: JSON.stringify(body),
    });
    return res.json();
  };

  it('forces the generated password to be changed at the first sign-in, before any other screen', async () => {
    const { context, consoleErrors } = await newContext(browser, 'en-US', { reducedMotion: 'reduce' });
    const page = await context.newPage();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) apiCalls.push(new URL(request.url()).pathname);
    });
    await page.goto(`${portico.url}${AUTH_PATHS.login}`);
    await signInOnLoginPage(page, 'admin', oneTimePassword);

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Please change your password');
    // Still signed in (no trip to the sign-in page), and no other screen asked the server for anything.
    expect(page.url()).not.toContain(AUTH_PATHS.login);
    expect(apiCalls.filter((call) => !['/api/security/login', '/api/security/current'].includes(call))).toEqual([]);
    expect(await page.locator('.admin-shell').count()).toBe(0);

    await page.getByLabel('Current password').fill(oneTimePassword);
    await page.getByLabel('New password', { exact: true }).fill('harbour-lantern-47');
    await page.getByLabel('New password again').fill('harbour-lantern-47');
    await page.getByRole('button', { name: 'Change password' }).click();

    // The back-office opens: the first screen of the administrator's menu.
    await page.waitForSelector('.admin-shell');
    expect(page.url()).not.toContain(AUTH_PATHS.login);
    const signedIn = await api('security/login', { userName: 'admin', password: 'harbour-lantern-47' });
    expect(signedIn.data.user.mustChangePassword).toBe(false);
    expect(consoleErrors.filter((line) => !/status of 40[13]/.test(line))).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password through the link in the mail, once', async () => {
    const admin = (await api('security/login', { userName: 'admin', password: 'harbour-lantern-47' })).data.accessToken.token;
    const created = await api('User', { userName: 'li.na', password: 'quiet-orchard-88', email: 'li.na@example.com', roles: ['editor'] }, admin);
    expect(created.isSuccess).toBe(true);

    const { context } = await newContext(browser, 'zh-CN', { reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}${AUTH_PATHS.login}`);
    await page.getByRole('link', { name: '忘记密码？' }).click();
    await page.waitForURL(`**${AUTH_PATHS.forgotPassword}`);
    await page.getByLabel('用户名或邮箱').fill('li.na@example.com');
    await page.getByRole('button', { name: '发送重置链接' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('如果该账户存在');

    const outbox = path.join(portico.dataDir, 'outbox');
    await expect.poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0)).toBe(1);
    const mail = fs.readFileSync(path.join(outbox, fs.readdirSync(outbox)[0]), 'utf8');
    const head = mail.slice(0, mail.search(/\r?\n\r?\n/));
    const body = mail.slice(head.length).trim();
    const text = /base64/i.test(head) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /(https?:\/\/\S+\/reset-password\?token=\S+)/.exec(text)![1];
    const linkPath = new URL(link).pathname + new URL(link).search;

    await page.goto(`${portico.url}${linkPath}`);
    await page.getByLabel('新密码', { exact: true }).fill('morning-tide-2026');
    await page.getByLabel('再次输入新密码').fill('morning-tide-2026');
    await page.getByRole('button', { name: '保存新密码' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('密码已重置');
    expect((await api('security/login', { userName: 'li.na', password: 'morning-tide-2026' })).isSuccess).toBe(true);

    await page.goto(`${portico.url}${linkPath}`);
    await page.getByLabel('新密码', { exact: true }).fill('morning-tide-2027');
    await page.getByLabel('再次输入新密码').fill('morning-tide-2027');
    await page.getByRole('button', { name: '保存新密码' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('此链接已被使用过');
    await context.close();
  });

  it('lists one’s sessions in My account and ends another one', async () => {
    // A second session of the administrator, from a phone: its row is told apart by its device.
    const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const phone = (await api('security/login', { userName: 'admin', password: 'harbour-lantern-47' }, undefined, { 'user-agent': iPhone })).data.accessToken.token as string;
    const sessionsOf = (token: string) => fetch(`${portico.url}/api/security/Sessions`, { headers: { authorization: `Bearer ${token}` } });
    const { context } = await newContext(browser, 'en-US', { reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}${ADMIN_PATHS.account}`);
    await signInOnLoginPage(page, 'admin', 'harbour-lantern-47');
    await page.waitForURL(`**${ADMIN_PATHS.account}`);
    const current = page.locator('tr', { hasText: 'This session' });
    await expect.poll(() => current.count()).toBe(1);
    const rows = page.locator('.ant-table-tbody tr');
    const before = await rows.count();
    expect(before).toBeGreaterThanOrEqual(2);
    const phoneRow = rows.filter({ hasText: 'Safari · iPhone' });
    expect(await phoneRow.count()).toBe(1);
    // Used just before it is ended, so the server knows it from memory as well.
    expect((await sessionsOf(phone)).status).toBe(200);
    await phoneRow.getByRole('button', { name: 'End' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'End' }).click();
    await expect.poll(() => rows.count()).toBe(before - 1);
    expect(await phoneRow.count()).toBe(0);
    // The ended session is refused on its very next call (the session is deleted and forgotten by the
    // cache: docs/decisions/0038); this one still works.
    expect((await sessionsOf(phone)).status).toBe(401);
    expect(await current.count()).toBe(1);
    const token = await page.evaluate(() => sessionStorage.getItem('portico.token'));
    expect((await sessionsOf(token!)).status).toBe(200);
    await context.close();
  });
});
