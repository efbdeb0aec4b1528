import { PUBLIC_PATHS } from '../../shared/paths.js';
import type { LocalizedText } from '../../shared/fields.js';
import type { PageBlock, PageContent, PageKey } from '../../shared/schemas/page.js';

/**
 * The demo company's pages (Portico Technology / 博远科技, a fictional industrial IoT company), as
 * the demo seed publishes them on a new database with PORTICO_DEMO=1. They were the public site's
 * texts before the pages became editable (docs/decisions/0034-editable-pages.md).
 */

const t = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, 'en-US': en });
const none = t('', '');

const hero = (title: LocalizedText, text: LocalizedText, actions: { label: LocalizedText; href: string }[] = []): PageBlock => ({
  type: 'hero',
  title,
  text,
  image: '',
  imageAlt: none,
  actions,
});
const paragraph = (text: LocalizedText, title = none): PageBlock => ({
  type: 'richText',
  title,
  html: t(`<p>${text['zh-CN']}</p>`, `<p>${text['en-US']}</p>`),
});
const cards = (title: LocalizedText, items: [LocalizedText, LocalizedText][]): PageBlock => ({
  type: 'cards',
  title,
  items: items.map(([itemTitle, text]) => ({ title: itemTitle, text, image: '', imageAlt: none })),
});
const steps = (title: LocalizedText, items: [LocalizedText, LocalizedText][]): PageBlock => ({
  type: 'steps',
  title,
  items: items.map(([stepTitle, text]) => ({ title: stepTitle, text })),
});
const callToAction = (label: LocalizedText, href: string): PageBlock => ({ type: 'callToAction', title: none, text: none, label, href });

const figures = (title: LocalizedText): PageBlock => ({
  type: 'figures',
  title,
  items: [
    { value: t('300+', '300+'), label: t('服务制造企业', 'manufacturers served') },
    { value: t('40 万', '400k'), label: t('接入设备', 'machines connected') },
    { value: t('18%', '18%'), label: t('客户设备综合效率平均提升', 'average OEE gain for customers') },
    { value: t('4', '4'), label: t('研发与交付中心', 'engineering and delivery centres') },
  ],
});

export const demoPages: Record<PageKey, PageContent> = {
  home: {
    title: t('工业物联网与智能制造解决方案', 'Industrial IoT and smart manufacturing'),
    description: t(
      '博远科技为制造企业提供设备接入、数据平台与边缘智能，帮助工厂更快地用上实时数据。',
      'Portico Technology connects machines, builds data platforms and brings intelligence to the edge, so factories act on real-time data sooner.',
    ),
    blocks: [
      hero(
        t('让每一座工厂都用得上实时数据', 'Real-time data for every factory'),
        t(
          '从设备接入到边缘智能，博远科技帮助 300 多家制造企业缩短停机、提升良率、降低能耗。',
          'From connecting machines to edge intelligence, Portico helps more than 300 manufacturers cut downtime, raise yield and save energy.',
        ),
        [
          { label: t('预约方案交流', 'Talk to our team'), href: PUBLIC_PATHS.contact },
          { label: t('加入我们', 'Join us'), href: PUBLIC_PATHS.jobs },
        ],
      ),
      cards(t('我们做什么', 'What we do'), [
        [t('设备接入', 'Machine connectivity'), t('内置 200 多种工业协议，常见产线设备数小时内完成接入。', 'More than 200 industrial protocols built in; most production equipment is connected within hours.')],
        [t('数据平台', 'Data platform'), t('统一的数据标准与治理，让生产、质量、设备数据一处可查。', 'One data standard and governance for production, quality and equipment data.')],
        [t('边缘智能', 'Edge intelligence'), t('在产线旁完成质检与预测，结果毫秒级回传控制系统。', 'Inspection and prediction next to the line, with results back in milliseconds.')],
      ]),
      figures(t('公司实力', 'Our strength')),
      { type: 'latestNews', title: t('最新动态', 'Latest news'), count: 3 },
      { type: 'openJobs', title: t('热招职位', 'Open positions'), count: 6 },
    ],
  },
  about: {
    title: t('关于我们', 'About us'),
    description: t(
      '博远科技成立于 2014 年，总部位于上海，专注工业物联网与智能制造软件。',
      'Founded in 2014 and based in Shanghai, Portico Technology builds industrial IoT and smart manufacturing software.',
    ),
    blocks: [
      hero(t('关于我们', 'About us'), t('让每一座工厂都用得上实时数据。', 'Real-time data for every factory.')),
      paragraph(
        t(
          '博远科技成立于 2014 年，总部位于上海张江，在深圳、北京和新加坡设有研发与交付中心。我们相信，数字化的价值不在大屏，而在产线上每一次更好的决策。',
          'Portico Technology was founded in 2014 in Shanghai’s Zhangjiang park, with engineering and delivery centres in Shenzhen, Beijing and Singapore. We believe digitalisation pays off not on big screens but in better decisions on the shop floor.',
        ),
      ),
      cards(t('我们的价值观', 'What we value'), [
        [t('先解决真实问题', 'Solve a real problem first'), t('每个项目从一个可量化的业务目标开始。', 'Every project starts from a business goal we can measure.')],
        [t('对现场负责', 'Answer to the shop floor'), t('我们的软件在车间里运行，可靠性优先于炫技。', 'Our software runs in plants; reliability comes before flourish.')],
        [t('长期主义', 'Play the long game'), t('与客户和伙伴一起成长，而不是一次性交付。', 'We grow with customers and partners instead of delivering once and leaving.')],
      ]),
      steps(t('发展历程', 'Our story'), [
        [t('2014', '2014'), t('公司在上海成立，发布第一代设备接入网关。', 'Founded in Shanghai; first machine gateway released.')],
        [t('2018', '2018'), t('博远云枢平台上线，服务客户突破 100 家。', 'Portico Hub platform launched; more than 100 customers.')],
        [t('2022', '2022'), t('成立博远研究院，布局边缘智能。', 'Portico Research founded to work on edge intelligence.')],
        [t('2026', '2026'), t('深圳研发中心与新加坡办公室启用，发布云枢 3.0。', 'Shenzhen centre and Singapore office opened; Portico Hub 3.0 released.')],
      ]),
    ],
  },
  services: {
    title: t('产品与服务', 'Services'),
    description: t(
      '博远云枢工业物联网平台、边缘智能网关与数字化车间解决方案。',
      'The Portico Hub industrial IoT platform, edge intelligence gateways and digital workshop solutions.',
    ),
    blocks: [
      hero(t('产品与服务', 'Services'), t('从一台设备到一整座工厂，我们提供可按需组合的产品与服务。', 'From one machine to a whole plant, our products and services combine to fit what you need.')),
      cards(none, [
        [t('博远云枢平台', 'Portico Hub platform'), t('设备接入、数据治理、可视化与应用开发的一体化平台，支持私有化与云端部署。', 'Connectivity, data governance, visualisation and application development in one platform, on premises or in the cloud.')],
        [t('边缘智能网关', 'Edge intelligence gateways'), t('工业级硬件与边缘推理框架，适用于视觉质检、预测性维护与能耗优化。', 'Industrial hardware and an edge inference framework for visual inspection, predictive maintenance and energy optimisation.')],
        [t('数字化车间方案', 'Digital workshop solutions'), t('面向汽车零部件、电子制造与装备制造的行业模板，六周完成典型车间上线。', 'Industry templates for automotive parts, electronics and machinery: a typical workshop live in six weeks.')],
        [t('咨询与交付服务', 'Consulting and delivery'), t('从现状评估、方案设计到上线运营，全程由经验丰富的交付团队负责。', 'Assessment, design, go-live and operations, led by experienced delivery teams.')],
      ]),
      callToAction(t('与我们聊聊您的需求', 'Tell us what you need'), PUBLIC_PATHS.contact),
    ],
  },
  strength: {
    title: t('公司实力', 'Our strength'),
    description: t('专利、资质、客户与团队：博远科技的实力一览。', 'Patents, certifications, customers and people: Portico Technology at a glance.'),
    blocks: [
      hero(t('公司实力', 'Our strength'), t('十余年来，我们在工业现场积累了扎实的技术与交付能力。', 'Over more than a decade on factory floors we have built solid engineering and delivery capabilities.')),
      figures(none),
      cards(none, [
        [t('研发投入', 'Research and development'), t('研发人员占比超过 55%，每年研发投入占营收 20% 以上。', 'More than 55% of our people are engineers; R&D takes over 20% of revenue every year.')],
        [t('知识产权', 'Intellectual property'), t('拥有发明专利 46 项、软件著作权 120 余项。', '46 invention patents and more than 120 software copyrights.')],
        [t('资质认证', 'Certifications'), t('通过 ISO 9001、ISO 27001 与 IEC 62443 相关认证。', 'ISO 9001, ISO 27001 and IEC 62443 certified processes.')],
        [t('客户与伙伴', 'Customers and partners'), t('服务客户覆盖汽车、电子、化工、食品等 12 个行业。', 'Customers in 12 industries, from automotive and electronics to chemicals and food.')],
      ]),
    ],
  },
  process: {
    title: t('招聘流程', 'How we hire'),
    description: t('从投递到入职，博远科技的招聘流程一目了然。', 'From application to first day: the Portico Technology hiring process.'),
    blocks: [
      hero(t('招聘流程', 'How we hire'), t('我们希望每一位候选人都清楚地知道下一步是什么。通常整个流程在三周内完成。', 'We want every candidate to know what comes next. The whole process usually takes less than three weeks.')),
      steps(none, [
        [t('在线投递', 'Apply online'), t('选择职位，上传简历并提交申请。我们会发送确认邮件。', 'Choose a position, upload your résumé and send your application. We confirm it by email.')],
        [t('简历筛选', 'Screening'), t('招聘团队在 5 个工作日内完成筛选并与您联系。', 'Our recruiting team reviews your application within five working days and gets in touch.')],
        [t('面试', 'Interviews'), t('通常包括一次电话沟通和两轮面试，技术岗位含一次实操环节。', 'Usually a phone call and two rounds of interviews; engineering roles include a practical exercise.')],
        [t('录用', 'Offer'), t('通过面试后，我们会与您沟通薪资福利并发出录用通知。', 'We discuss pay and benefits with you and send a written offer.')],
        [t('入职', 'Your first week'), t('入职第一周有导师陪伴，帮助您尽快融入团队。', 'A mentor helps you settle in and meet the team.')],
      ]),
      callToAction(t('查看开放职位', 'See open positions'), PUBLIC_PATHS.jobs),
    ],
  },
  contact: {
    title: t('联系我们', 'Contact us'),
    description: t('联系博远科技：办公地址、联系电话、工作时间与在线留言。', 'Contact Portico Technology: offices, phone numbers, opening hours and a message form.'),
    blocks: [
      hero(t('联系我们', 'Contact us'), t('无论是方案咨询、合作还是媒体采访，欢迎与我们联系。', 'For solutions, partnerships or press enquiries, we are glad to hear from you.')),
      cards(t('办公地点', 'Our offices'), [
        [t('上海（总部）', 'Shanghai (headquarters)'), t('浦东新区张江高科技园区博远大厦 8 楼 · 021-5080-2026', '8F Portico Tower, Zhangjiang Hi-Tech Park, Pudong · +86 21 5080 2026')],
        [t('深圳', 'Shenzhen'), t('南山区科技园南区创新大厦 12 楼 · 0755-8620-2026', '12F Innovation Tower, Science Park South, Nanshan · +86 755 8620 2026')],
        [t('北京', 'Beijing'), t('海淀区中关村软件园 9 号楼 · 010-8280-2026', 'Building 9, Zhongguancun Software Park, Haidian · +86 10 8280 2026')],
        [t('新加坡', 'Singapore'), t('1 Fusionopolis Way, #10-01, Singapore · +65 6100 2026', '1 Fusionopolis Way, #10-01, Singapore · +65 6100 2026')],
      ]),
      paragraph(t('周一至周五 9:00–18:00（法定节假日除外）', 'Monday to Friday, 9:00–18:00, except public holidays'), t('工作时间', 'Opening hours')),
    ],
  },
  joinus: {
    title: t('合作加盟', 'Partner with us'),
    description: t('成为博远科技的渠道、技术或交付合作伙伴。', 'Become a channel, technology or delivery partner of Portico Technology.'),
    blocks: [
      hero(
        t('合作加盟', 'Partner with us'),
        t('我们与各地的系统集成商、设备厂商和咨询机构一起，为制造企业提供就近的服务。', 'Together with system integrators, equipment makers and consultants across the region, we serve manufacturers close to where they work.'),
      ),
      cards(t('合作伙伴可以获得', 'What partners get'), [
        [t('产品与技术支持', 'Product and technical support'), t('专属技术顾问、培训认证与售前支持。', 'A dedicated technical adviser, training, certification and pre-sales help.')],
        [t('市场资源', 'Marketing'), t('联合市场活动、案例共建与线索共享。', 'Joint events, shared case studies and shared leads.')],
        [t('有竞争力的政策', 'Competitive terms'), t('分级返利、项目保护与长期合作激励。', 'Tiered rebates, deal protection and long-term incentives.')],
      ]),
    ],
  },
};
