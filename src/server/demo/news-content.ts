/** The demo company's news categories and news (content.ts says who the company is). */
import { p } from './content.js';
import type { DemoCategory } from './content.js';

export const demoNewsCategories: DemoCategory[] = [
  { key: 'company', name: '公司新闻', sortOrder: 1 },
  { key: 'industry', name: '行业动态', sortOrder: 2 },
  { key: 'press', name: '媒体报道', sortOrder: 3 },
];

export interface DemoNews {
  title: string;
  summary: string;
  content: string;
  categoryKey: string;
  author: string;
  template: 'detail' | 'details-two' | 'details-three';
  locale: 'zh-CN' | 'en-US';
  isTop: boolean;
  daysAgo: number;
  status: 'published' | 'draft';
}

export const demoNews: DemoNews[] = [
  {
    title: '博远科技发布新一代工业物联网平台“博远云枢 3.0”',
    summary: '新平台将设备接入时间缩短至原来的三分之一，并首次提供边缘侧的实时质量分析能力。',
    content:
      p('11 月，博远科技在上海正式发布新一代工业物联网平台“博远云枢 3.0”。新版本围绕设备接入、数据治理与边缘智能三个方向进行了全面升级。') +
      '<h2>接入更快</h2>' +
      p('平台内置超过 200 种工业协议驱动，常见产线设备可在数小时内完成接入，较上一代缩短约三分之二。') +
      '<h2>边缘侧实时分析</h2>' +
      p('云枢 3.0 首次将质量分析模型部署到边缘网关，检测结果可在 50 毫秒内回传产线控制系统，帮助客户在缺陷发生前及时调整工艺。') +
      '<blockquote>“我们希望每一家工厂都能以较低的成本用上实时数据。”——博远科技首席技术官</blockquote>',
    categoryKey: 'company',
    author: '博远科技市场部',
    template: 'details-two',
    locale: 'zh-CN',
    isTop: true,
    daysAgo: 3,
    status: 'published',
  },
  {
    title: '博远科技荣获“2026 年度智能制造优秀解决方案”称号',
    summary: '公司为长三角汽车零部件企业打造的数字化车间方案获得行业协会表彰。',
    content:
      p('在近日举行的智能制造发展论坛上，博远科技为某汽车零部件企业打造的数字化车间解决方案获评“2026 年度智能制造优秀解决方案”。') +
      p('该方案覆盖 12 条产线、600 余台设备，上线一年来设备综合效率提升 18%，产品一次合格率提升 4.5 个百分点。') +
      p('博远科技将继续与合作伙伴一道，推动数字化方案在更多细分行业落地。'),
    categoryKey: 'company',
    author: '博远科技市场部',
    template: 'detail',
    locale: 'zh-CN',
    isTop: false,
    daysAgo: 9,
    status: 'published',
  },
  {
    title: '深圳研发中心正式启用',
    summary: '新研发中心将聚焦边缘计算硬件与嵌入式软件，计划两年内扩充至 200 人。',
    content:
      p('博远科技深圳研发中心于本月正式启用。中心位于南山科技园，面积约 3000 平方米，配备完整的硬件实验室与可靠性测试环境。') +
      '<ul><li>边缘网关与工业控制器的硬件设计</li><li>嵌入式操作系统与驱动开发</li><li>面向电子制造行业的解决方案交付</li></ul>' +
      p('深圳研发中心的设立，将进一步缩短公司对华南客户的响应时间。'),
    categoryKey: 'company',
    author: '人力资源部',
    template: 'details-three',
    locale: 'zh-CN',
    isTop: false,
    daysAgo: 16,
    status: 'published',
  },
  {
    title: '制造业数字化转型进入“深水区”：数据治理成为关键',
    summary: '行业调研显示，超过六成企业认为数据质量是阻碍数字化项目见效的首要因素。',
    content:
      p('根据多家研究机构近期发布的调研，制造企业的数字化投入持续增长，但项目见效周期普遍长于预期。') +
      '<h2>数据质量是首要障碍</h2>' +
      p('受访企业中，超过六成认为设备数据缺失、口径不一是最大的障碍。建立统一的数据标准与主数据管理，正成为转型的“必修课”。') +
      '<h2>从单点试点走向体系化建设</h2>' +
      p('越来越多的企业开始从单一场景试点，转向覆盖计划、生产、质量与设备的一体化平台建设。'),
    categoryKey: 'industry',
    author: '博远研究院',
    template: 'details-two',
    locale: 'zh-CN',
    isTop: false,
    daysAgo: 23,
    status: 'published',
  },
  {
    title: '边缘计算在离散制造中的五个典型场景',
    summary: '从视觉质检到能耗优化，边缘计算正在让数据在产生的地方产生价值。',
    content:
      p('边缘计算把计算能力部署在靠近设备的一侧，适合对时延、带宽和数据安全有较高要求的制造场景。以下是我们在项目中总结的五个典型场景：') +
      '<ol><li>视觉质检：在产线旁完成图像推理，毫秒级剔除不良品；</li><li>设备预测性维护：实时分析振动与温度数据；</li><li>能耗优化：按工况动态调整空压机与空调负载；</li><li>工艺参数闭环：根据检测结果自动微调设备参数；</li><li>安全生产：人员与车辆的区域入侵识别。</li></ol>' +
      p('选择场景时，建议优先考虑数据基础好、收益可量化的环节。'),
    categoryKey: 'industry',
    author: '博远研究院',
    template: 'details-three',
    locale: 'zh-CN',
    isTop: false,
    daysAgo: 37,
    status: 'published',
  },
  {
    title: '《数字工厂周刊》专访：让中小企业用得起工业互联网',
    summary: '博远科技创始人接受专访，谈公司“轻量化、可复制”的产品路线。',
    content:
      p('在接受《数字工厂周刊》专访时，博远科技创始人表示，中小制造企业最需要的不是大而全的系统，而是能快速见效、按需扩展的工具。') +
      p('他介绍，公司通过标准化的行业模板和订阅制服务，把一个典型车间的上线周期控制在六周以内。') +
      '<blockquote>“先解决一个真实的问题，再谈平台。”</blockquote>',
    categoryKey: 'press',
    author: '《数字工厂周刊》',
    template: 'detail',
    locale: 'zh-CN',
    isTop: false,
    daysAgo: 45,
    status: 'published',
  },
  {
    title: '博远科技与华东某高校共建工业智能联合实验室',
    summary: '双方将在工业视觉、时序数据分析等方向开展联合研究与人才培养。',
    content:
      p('博远科技与华东某高校签署合作协议，共建工业智能联合实验室。实验室首期投入 1500 万元，研究方向包括工业视觉、时序数据分析和工业知识图谱。') +
      p('双方还将联合设立实习基地，每年为在校学生提供不少于 30 个实习岗位。'),
    categoryKey: 'company',
    author: '博远科技市场部',
    template: 'detail',
    locale: 'zh-CN',
    isTop: false,
    daysAgo: 61,
    status: 'published',
  },
  {
    title: '2027 年度合作伙伴大会筹备启动',
    summary: '大会计划于明年春季在上海举行，届时将发布渠道合作新政策。',
    content:
      p('博远科技 2027 年度合作伙伴大会筹备工作已经启动。大会将介绍新的渠道合作政策、联合解决方案计划以及合作伙伴认证体系。') +
      p('具体时间与议程将另行通知。'),
    categoryKey: 'company',
    author: '渠道合作部',
    template: 'detail',
    locale: 'zh-CN',
    isTop: false,
    daysAgo: 1,
    status: 'draft',
  },
  {
    title: 'Portico Technology opens its Singapore office',
    summary: 'The new office will serve manufacturers across Southeast Asia with local delivery and support teams.',
    content:
      p('Portico Technology has opened its first office outside mainland China, in Singapore. The team of 25 will support customers in Singapore, Malaysia, Thailand and Vietnam.') +
      '<h2>Closer to our customers</h2>' +
      p('Many of our customers run plants in several countries. A regional office means one delivery team, one support desk and one time zone for the whole region.') +
      p('The office also hosts a demonstration line where visitors can see edge analytics and digital twins at work.'),
    categoryKey: 'company',
    author: 'Corporate Communications',
    template: 'details-two',
    locale: 'en-US',
    isTop: true,
    daysAgo: 5,
    status: 'published',
  },
  {
    title: 'How a bearing maker cut unplanned downtime by 40%',
    summary: 'Vibration sensors, a simple alerting model and disciplined maintenance planning did most of the work.',
    content:
      p('A mid-size bearing manufacturer in Jiangsu came to us with a familiar problem: grinding machines stopped without warning, and each stop cost hours of output.') +
      '<h2>What we did</h2>' +
      '<ul><li>Fitted 180 machines with vibration and temperature sensors;</li><li>Trained an alerting model on six months of history;</li><li>Linked alerts to the maintenance schedule, not just to a dashboard.</li></ul>' +
      '<h2>The result</h2>' +
      p('Within a year, unplanned downtime fell by 40% and spare-part stock by 15%. The biggest lesson: data only pays off when someone acts on it.'),
    categoryKey: 'industry',
    author: 'Solutions Team',
    template: 'details-three',
    locale: 'en-US',
    isTop: false,
    daysAgo: 12,
    status: 'published',
  },
  {
    title: 'Five questions to ask before starting an IIoT project',
    summary: 'A short checklist from our delivery team, based on more than 300 factory projects.',
    content:
      p('Industrial IoT projects fail less often for technical reasons than for unclear goals. Before you start, make sure you can answer these questions:') +
      '<ol><li>Which decision will the data change, and who makes it?</li><li>How will you measure success after three months?</li><li>Which machines matter most, and can they be connected?</li><li>Who owns data quality on the shop floor?</li><li>How will the system be maintained after go-live?</li></ol>' +
      p('If the answers are vague, start smaller. A focused pilot beats a broad platform nobody uses.'),
    categoryKey: 'industry',
    author: 'Delivery Team',
    template: 'detail',
    locale: 'en-US',
    isTop: false,
    daysAgo: 20,
    status: 'published',
  },
  {
    title: 'Portico named a leading industrial software vendor in regional analyst report',
    summary: 'The report highlights our edge analytics and short deployment times.',
    content:
      p('A regional analyst firm has named Portico Technology among the leading vendors of industrial software in Asia-Pacific in its annual market report.') +
      p('The report cites our edge analytics capabilities and the short time our customers need to go live, typically six weeks for a standard workshop.'),
    categoryKey: 'press',
    author: 'Corporate Communications',
    template: 'detail',
    locale: 'en-US',
    isTop: false,
    daysAgo: 30,
    status: 'published',
  },
  {
    title: 'Our approach to security in connected factories',
    summary: 'Network segmentation, signed firmware and least-privilege access, explained without jargon.',
    content:
      p('Connecting machines brings new risks. Our platform is built on three principles that every plant manager can check:') +
      '<ul><li><strong>Segmentation:</strong> production networks never talk to the internet directly;</li><li><strong>Signed firmware:</strong> gateways only run software we have signed;</li><li><strong>Least privilege:</strong> every user and service sees only what its job needs.</li></ul>' +
      p('We publish our security practices and welcome audits by our customers.'),
    categoryKey: 'industry',
    author: 'Security Team',
    template: 'details-two',
    locale: 'en-US',
    isTop: false,
    daysAgo: 52,
    status: 'published',
  },
  {
    title: 'Engineering internships for 2027 are open',
    summary: 'Students in software, electronics and data science can apply for summer internships in Shanghai and Singapore.',
    content:
      p('We are looking for curious students who want to see how software runs real factories. Interns join product teams, ship code to production and present their work at the end of the summer.') +
      p('Applications are open on our careers page until the end of March.'),
    categoryKey: 'company',
    author: 'People Team',
    template: 'details-three',
    locale: 'en-US',
    isTop: false,
    daysAgo: 70,
    status: 'published',
  },
];
