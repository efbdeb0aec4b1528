import type { Kysely } from 'kysely';

// Frozen in time: this migration never imports application code, so its starter pages are written
// out here as they were when it was released.

type Text = { 'zh-CN': string; 'en-US': string };
const text = (zh: string, en: string): Text => ({ 'zh-CN': zh, 'en-US': en });

const hero = (title: Text, body: Text) => ({ type: 'hero', title, text: body, image: '', imageAlt: text('', ''), actions: [] });
const richText = (html: Text) => ({ type: 'richText', title: text('', ''), html });

/**
 * Neutral starter pages, naming no company: a hero and a short text each, in both languages, so a
 * new site shows something sensible before anyone has written its pages.
 */
const STARTER_PAGES: Record<string, { title: Text; description: Text; blocks: unknown[] }> = {
  home: {
    title: text('首页', 'Home'),
    description: text('欢迎访问我们的网站。', 'Welcome to our website.'),
    blocks: [
      hero(text('欢迎', 'Welcome'), text('感谢您的访问。', 'Thank you for visiting.')),
      richText(text('<p>在这里了解我们的业务、最新动态和开放职位。</p>', '<p>Find out about what we do, our latest news and our open positions.</p>')),
      { type: 'latestNews', title: text('最新动态', 'Latest news'), count: 3 },
      { type: 'openJobs', title: text('热招职位', 'Open positions'), count: 6 },
    ],
  },
  about: {
    title: text('关于我们', 'About us'),
    description: text('了解我们。', 'Who we are.'),
    blocks: [hero(text('关于我们', 'About us'), text('我们是谁，我们做什么。', 'Who we are and what we do.')), richText(text('<p>关于我们的介绍即将发布。</p>', '<p>More about us is coming soon.</p>'))],
  },
  services: {
    title: text('产品与服务', 'Services'),
    description: text('我们的产品与服务。', 'Our products and services.'),
    blocks: [hero(text('产品与服务', 'Services'), text('我们能为您做什么。', 'What we can do for you.')), richText(text('<p>产品与服务的介绍即将发布。</p>', '<p>Our products and services will be described here soon.</p>'))],
  },
  strength: {
    title: text('公司实力', 'Our strength'),
    description: text('我们的实力。', 'What we are good at.'),
    blocks: [hero(text('公司实力', 'Our strength'), text('我们的能力与积累。', 'Our capabilities and experience.')), richText(text('<p>相关介绍即将发布。</p>', '<p>More on this is coming soon.</p>'))],
  },
  process: {
    title: text('招聘流程', 'How we hire'),
    description: text('从投递到入职的招聘流程。', 'Our hiring process, from application to first day.'),
    blocks: [
      hero(text('招聘流程', 'How we hire'), text('从投递到入职的每一步。', 'Every step from application to first day.')),
      richText(text('<p>选择职位并在线提交申请，我们会尽快与您联系。</p>', '<p>Choose a position and apply online; we will get back to you soon.</p>')),
    ],
  },
  contact: {
    title: text('联系我们', 'Contact us'),
    description: text('与我们联系。', 'Get in touch with us.'),
    blocks: [hero(text('联系我们', 'Contact us'), text('欢迎与我们联系。', 'We are glad to hear from you.')), richText(text('<p>请填写下面的表单给我们留言。</p>', '<p>Send us a message with the form below.</p>'))],
  },
  joinus: {
    title: text('合作加盟', 'Partner with us'),
    description: text('成为我们的合作伙伴。', 'Become our partner.'),
    blocks: [
      hero(text('合作加盟', 'Partner with us'), text('期待与您合作。', 'We look forward to working with you.')),
      richText(text('<p>请填写下面的表单申请成为合作伙伴。</p>', '<p>Apply to become a partner with the form below.</p>')),
    ],
  },
};

/**
 * The editable pages (docs/decisions/0034): one row per page key, its draft, published and
 * previously published versions as JSON documents. Every page exists from the start, published.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pages')
    .addColumn('key', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('draft_json', 'text', (c) => c.notNull())
    .addColumn('published_json', 'text', (c) => c.notNull())
    .addColumn('previous_json', 'text')
    .addColumn('updated_at', 'text')
    .addColumn('updated_by', 'varchar(100)')
    .addColumn('published_at', 'text')
    .execute();
  const now = new Date().toISOString();
  for (const [key, page] of Object.entries(STARTER_PAGES)) {
    const json = JSON.stringify(page);
    await db
      .insertInto('pages')
      .values({ key, draft_json: json, published_json: json, previous_json: null, updated_at: now, updated_by: null, published_at: now })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pages').execute();
}
