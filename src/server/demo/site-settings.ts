import { NEUTRAL_SITE_SETTINGS } from '../../shared/schemas/site.js';
import type { SiteSettingsValues } from '../../shared/schemas/site.js';

/**
 * The demo company's settings (Portico Technology / 博远科技, a fictional industrial IoT company),
 * written to a new database only with PORTICO_DEMO=1. None of it is Portico's own: a real site's
 * administrator writes theirs in the back-office.
 */
export const demoSiteSettings: SiteSettingsValues = {
  // What the demo company leaves unset (logos, social links, 备案 numbers…) is a new site's.
  ...NEUTRAL_SITE_SETTINGS,
  companyName: { 'zh-CN': '博远科技', 'en-US': 'Portico Technology' },
  tagline: { 'zh-CN': '让每一座工厂都用得上实时数据。', 'en-US': 'Real-time data for every factory.' },
  address: { 'zh-CN': '上海市浦东新区张江高科技园区博远大厦 8 楼', 'en-US': '8F Portico Tower, Zhangjiang Hi-Tech Park, Pudong, Shanghai' },
  phone: '400-820-2026',
  email: 'hello@portico.example',
  officeHours: { 'zh-CN': '周一至周五 9:00–18:00', 'en-US': 'Monday to Friday, 9:00–18:00 (UTC+8)' },
  footerText: { 'zh-CN': '© 2026 博远科技有限公司 保留所有权利', 'en-US': '© 2026 Portico Technology. All rights reserved.' },
  privacyNotice: {
    'zh-CN': [
      '## 我们收集的信息',
      '当您提交职位申请、留言或合作申请时，我们会收集您填写的姓名、联系方式、简历及其他内容，以及提交时间和网络地址。',
      '## 我们如何使用',
      '这些信息仅用于处理您的申请或咨询、与您联系，以及防止滥用。我们不会出售您的个人信息。',
      '## 保存期限',
      '未被录用的求职申请最多保存两年；留言与合作申请在处理完毕后保存一年。',
      '## 您的权利',
      '您可以随时发送邮件至 privacy@portico.example，要求查阅、更正或删除您的个人信息。',
      '最近更新：2026 年 11 月',
    ].join('\n\n'),
    'en-US': [
      '## What we collect',
      'When you apply for a position, send a message or apply to become a partner, we collect what you enter (name, contact details, résumé and so on), the time of sending and your network address.',
      '## How we use it',
      'Only to handle your application or enquiry, to contact you and to prevent abuse. We never sell personal data.',
      '## How long we keep it',
      'Applications that do not lead to a hire are kept for at most two years; messages and partner applications for one year after they are handled.',
      '## Your rights',
      'Write to privacy@portico.example at any time to see, correct or delete your personal data.',
      'Last updated: November 2026',
    ].join('\n\n'),
  },
  description: {
    'zh-CN': '博远科技为制造企业提供设备接入、数据平台与边缘智能，帮助工厂更快地用上实时数据。',
    'en-US': 'Portico Technology connects machines, builds data platforms and brings intelligence to the edge, so factories act on real-time data sooner.',
  },
  shareImageAlt: { 'zh-CN': '博远科技', 'en-US': 'Portico Technology' },
  legalName: { 'zh-CN': '博远科技有限公司', 'en-US': 'Portico Technology Co., Ltd.' },
};
