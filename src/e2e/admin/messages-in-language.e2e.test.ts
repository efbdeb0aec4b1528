import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_PATHS } from '../../shared/paths.js';
import { E2E_ADMIN_PASSWORD, launchBrowser, newContext, signInOnLoginPage, startPortico } from '../harness.js';
import type { Portico } from '../harness.js';

/**
 * Every message in the reader's language (issue 17, docs/decisions/0052): a Chinese member of staff
 * provokes refusals and never sees the server's English sentence; a visitor whose form cannot reach
 * the server is told so in the page's language.
 */
describe('messages in the reader\'s language', () => {
  let portico: Portico;
  let browser: Browser;
  let admin: string;

  /** The English sentences the server answers for the refusals provoked here. */
  const SERVER_SENTENCES = [
    'User name or password is wrong',
    'Current password is wrong',
    'already exists',
    'Too big',
    'Required',
    'Network error',
    'Refused:',
  ];

  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${portico.url}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(admin ? { authorization: `Bearer ${admin}` } : {}) },
      body: JSON.stringify(body),
    });
    return res.json();
  };

  beforeAll(async () => {
    portico = await startPortico();
    browser = await launchBrowser();
    admin = (await api('security/login', { userName: 'admin', password: E2E_ADMIN_PASSWORD })).data.accessToken.token;
  });
  afterAll(async () => {
    await browser?.close();
    await portico?.stop();
  });

  const expectNoServerEnglish = async (page: Page) => {
    const text = (await page.locator('body').textContent()) ?? '';
    for (const sentence of SERVER_SENTENCES) expect(text, sentence).not.toContain(sentence);
  };

  async function signIn(password: string, path = '/login', locale = 'zh-CN'): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
    const { context, consoleErrors } = await newContext(browser, locale, { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${portico.url}${path}`);
    await signInOnLoginPage(page, 'admin', password);
    return { page, context, errors: consoleErrors };
  }

  it('tells a Chinese member of staff every refusal in Chinese: sign-in, current password, a limit, a conflict', async () => {
    // A refused sign-in: one line, the screen's own, not the server's English line above it.
    const { page, context } = await signIn('wrong-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('用户名或密码错误');
    await expectNoServerEnglish(page);

    await page.locator('[name="password"]').fill(E2E_ADMIN_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // A wrong current password, refused by the server, on its field in Chinese.
    await page.goto(`${portico.url}${ADMIN_PATHS.account}`);
    await page.getByLabel('当前密码').fill('not-the-password');
    await page.getByLabel('新密码', { exact: true }).fill('harbour-lantern-47');
    await page.getByLabel('再次输入新密码').fill('harbour-lantern-47');
    await page.getByRole('button', { name: '修改密码' }).click();
    await expect.poll(() => page.getByText('当前密码错误').count()).toBeGreaterThan(0);
    await expectNoServerEnglish(page);

    // A name too long and a name taken: the first said with its limit, the second by its reason.
    await api('NewsCategory', { name: '已有的分类' });
    await page.goto(`${portico.url}/NewsManagement/category-news`);
    await page.getByRole('button', { name: '新建分类' }).click();
    const modal = page.locator('.ant-modal');
    await modal.locator('input').first().fill('长'.repeat(101));
    await modal.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => modal.getByText('最多 100 个字符').count()).toBeGreaterThan(0);
    await modal.locator('input').first().fill('已有的分类');
    await modal.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.getByText('已有同名的记录，请换一个名称。').count()).toBeGreaterThan(0);
    await expectNoServerEnglish(page);
    await context.close();
  });

  it.each([
    ['zh-CN', '网络连接失败，您的信息尚未提交'],
    ['en-US', 'The network connection failed and nothing was sent'],
  ])('says a public form\'s network failure in %s', async (locale, said) => {
    const { context } = await newContext(browser, locale);
    const page = await context.newPage();
    await page.goto(`${portico.url}/ContactUs`, { waitUntil: 'networkidle' });
    // The form's call never reaches the server.
    await page.route('**/api/ContactInfo', (route) => route.abort('internetdisconnected'));
    await page.locator('[name="name"]').fill('访客');
    await page.locator('[name="email"]').fill('visitor@example.com');
    await page.locator('[name="message"]').fill('A question that never arrives');
    const consent = page.locator('[name="consent"]');
    if (await consent.count()) await consent.check();
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.locator('.notice.error').textContent()).toContain(said);
    expect(await page.locator('.notice.error').textContent()).not.toContain('Network error');
    // Nothing typed is lost.
    expect(await page.locator('[name="email"]').inputValue()).toBe('visitor@example.com');
    await context.close();
  });
});
