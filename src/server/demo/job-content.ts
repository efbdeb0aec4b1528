/** The demo company's job categories and jobs (content.ts says who the company is). */
import { list, p } from './content.js';
import type { DemoCategory } from './content.js';

export const demoJobCategories: DemoCategory[] = [
  { key: 'engineering', name: '技术研发', sortOrder: 1 },
  { key: 'product', name: '产品设计', sortOrder: 2 },
  { key: 'sales', name: '市场销售', sortOrder: 3 },
  { key: 'operations', name: '职能支持', sortOrder: 4 },
];

/** The demo company's offices; each demo job is at the one whose name (in either language) is its location. */
export interface DemoOffice {
  name: string;
  address: string;
  city: string;
  country: string;
  sortOrder: number;
  en: { name: string; address: string; city: string };
}

export const demoOffices: DemoOffice[] = [
  {
    name: '上海',
    address: '上海市浦东新区张江高科技园区博远大厦 8 楼',
    city: '上海',
    country: 'CN',
    sortOrder: 1,
    en: { name: 'Shanghai', address: '8F Portico Tower, Zhangjiang Hi-Tech Park, Pudong, Shanghai', city: 'Shanghai' },
  },
  { name: '北京', address: '北京市海淀区中关村大街 27 号 12 层', city: '北京', country: 'CN', sortOrder: 2, en: { name: 'Beijing', address: '12F, 27 Zhongguancun Street, Haidian, Beijing', city: 'Beijing' } },
  { name: '深圳', address: '深圳市南山区科技园南区 5 栋 6 楼', city: '深圳', country: 'CN', sortOrder: 3, en: { name: 'Shenzhen', address: '6F Building 5, Science Park South, Nanshan, Shenzhen', city: 'Shenzhen' } },
  { name: '杭州', address: '杭州市西湖区文三路 90 号 3 楼', city: '杭州', country: 'CN', sortOrder: 4, en: { name: 'Hangzhou', address: '3F, 90 Wensan Road, Xihu, Hangzhou', city: 'Hangzhou' } },
  { name: '新加坡', address: '新加坡港湾道 1 号 15 楼', city: '新加坡', country: 'SG', sortOrder: 5, en: { name: 'Singapore', address: '15F, 1 HarbourFront Avenue, Singapore', city: 'Singapore' } },
];

export interface DemoJob {
  title: string;
  categoryKey: string;
  department: string;
  location: string;
  employmentType: 'full-time' | 'part-time' | 'contract' | 'internship' | 'temporary';
  headcount: number;
  salaryMin: number | null;
  salaryMax: number | null;
  /** ISO 4217; CNY when not given. */
  salaryCurrency?: 'CNY' | 'SGD';
  description: string;
  requirements: string;
  locale: 'zh-CN' | 'en-US';
  status: 'open' | 'draft' | 'closed';
  daysAgo: number;
  closesInDays: number | null;
}

export const demoJobs: DemoJob[] = [
  {
    title: '高级后端工程师（物联网平台）',
    categoryKey: 'engineering',
    department: '平台研发部',
    location: '上海',
    employmentType: 'full-time',
    headcount: 3,
    salaryMin: 30000,
    salaryMax: 50000,
    description: p('负责博远云枢平台设备接入与数据服务的设计和开发，支撑每秒百万级数据点的写入与查询。') + list('设计高可用的设备接入与消息处理服务', '优化时序数据存储与查询性能', '参与技术方案评审与代码评审'),
    requirements: list('计算机相关专业本科及以上学历，五年以上后端开发经验', '熟悉 Go、Java 或 Node.js 中至少一种语言', '熟悉 PostgreSQL、Redis 与消息队列', '有物联网或时序数据库经验者优先'),
    locale: 'zh-CN',
    status: 'open',
    daysAgo: 4,
    closesInDays: 60,
  },
  {
    title: '嵌入式软件工程师',
    categoryKey: 'engineering',
    department: '深圳研发中心',
    location: '深圳',
    employmentType: 'full-time',
    headcount: 2,
    salaryMin: 22000,
    salaryMax: 35000,
    description: p('负责边缘网关的嵌入式软件开发，包括驱动、协议栈与系统升级机制。') + list('开发与维护 Linux 驱动和工业协议栈', '实现安全可靠的远程升级', '配合硬件团队完成调试与量产'),
    requirements: list('三年以上嵌入式 Linux 开发经验', '熟悉 C/C++ 与常见总线协议（Modbus、CAN 等）', '具备良好的问题定位能力', '有工业现场经验者优先'),
    locale: 'zh-CN',
    status: 'open',
    daysAgo: 8,
    closesInDays: 45,
  },
  {
    title: '工业产品经理',
    categoryKey: 'product',
    department: '产品部',
    location: '上海',
    employmentType: 'full-time',
    headcount: 1,
    salaryMin: 28000,
    salaryMax: 42000,
    description: p('负责质量管理与设备管理产品线的规划，深入工厂一线理解用户需求，推动产品迭代。') + list('制定产品路线图并推动落地', '与研发、交付团队紧密协作', '跟踪上线效果并持续优化'),
    requirements: list('五年以上 B 端产品经验，其中两年以上制造业相关', '能够独立完成需求调研与方案设计', '出色的沟通与推动能力'),
    locale: 'zh-CN',
    status: 'open',
    daysAgo: 12,
    closesInDays: null,
  },
  {
    title: '解决方案销售经理（华南区）',
    categoryKey: 'sales',
    department: '销售部',
    location: '深圳',
    employmentType: 'full-time',
    headcount: 2,
    salaryMin: null,
    salaryMax: null,
    description: p('负责华南区制造业客户的开拓与维护，带领售前团队完成方案交流与商务谈判。') + list('制定区域销售计划并完成业绩目标', '维护重点客户关系', '收集市场信息并反馈产品需求'),
    requirements: list('五年以上工业软件或自动化行业销售经验', '熟悉电子、汽车零部件等行业', '能适应出差'),
    locale: 'zh-CN',
    status: 'open',
    daysAgo: 15,
    closesInDays: 30,
  },
  {
    title: '数据分析实习生',
    categoryKey: 'engineering',
    department: '博远研究院',
    location: '上海',
    employmentType: 'internship',
    headcount: 4,
    salaryMin: 4000,
    salaryMax: 6000,
    description: p('参与工业时序数据分析项目，协助完成数据清洗、特征工程与模型评估。') + list('整理与清洗设备数据', '参与异常检测模型的实验', '撰写分析报告'),
    requirements: list('统计、计算机或相关专业在读硕士或本科生', '熟悉 Python 与常用数据分析库', '每周至少实习四天，持续三个月以上'),
    locale: 'zh-CN',
    status: 'open',
    daysAgo: 6,
    closesInDays: 20,
  },
  {
    title: '招聘专员',
    categoryKey: 'operations',
    department: '人力资源部',
    location: '北京',
    employmentType: 'full-time',
    headcount: 1,
    salaryMin: 12000,
    salaryMax: 18000,
    description: p('负责研发与销售岗位的招聘全流程，提升候选人体验。') + list('发布职位并筛选简历', '组织面试与候选人沟通', '维护招聘数据与渠道'),
    requirements: list('两年以上招聘经验', '有互联网或科技公司招聘经验者优先', '良好的沟通能力'),
    locale: 'zh-CN',
    status: 'draft',
    daysAgo: 2,
    closesInDays: null,
  },
  {
    title: '测试工程师',
    categoryKey: 'engineering',
    department: '平台研发部',
    location: '杭州',
    employmentType: 'contract',
    headcount: 1,
    salaryMin: 15000,
    salaryMax: 22000,
    description: p('负责平台功能与性能测试，建设自动化测试体系。') + list('编写与维护自动化测试', '开展性能与稳定性测试', '跟踪缺陷直至关闭'),
    requirements: list('三年以上测试经验', '熟悉至少一种自动化测试框架', '具备基本的编程能力'),
    locale: 'zh-CN',
    status: 'closed',
    daysAgo: 50,
    closesInDays: null,
  },
  {
    title: 'Solutions Engineer (Southeast Asia)',
    categoryKey: 'sales',
    department: 'Singapore Office',
    location: 'Singapore',
    employmentType: 'full-time',
    headcount: 2,
    salaryMin: 7000,
    salaryMax: 10000,
    salaryCurrency: 'SGD',
    description: p('Work with customers in Southeast Asia to design and demonstrate solutions on the Portico platform.') + list('Run discovery workshops with plant teams', 'Build demonstrations and proofs of concept', 'Hand over clear designs to delivery teams'),
    requirements: list('Four or more years in industrial automation or software pre-sales', 'Comfortable presenting to engineers and executives', 'English required; Mandarin or Malay a plus', 'Willing to travel in the region'),
    locale: 'en-US',
    status: 'open',
    daysAgo: 3,
    closesInDays: 45,
  },
  {
    title: 'Frontend Engineer (React)',
    categoryKey: 'engineering',
    department: 'Platform Engineering',
    location: 'Singapore',
    employmentType: 'full-time',
    headcount: 1,
    salaryMin: 8000,
    salaryMax: 12000,
    salaryCurrency: 'SGD',
    description: p('Build the screens plant managers use every day: dashboards, work orders and quality reports that stay fast on factory networks.') + list('Develop features in React and TypeScript', 'Care for accessibility and performance', 'Work closely with designers and product managers'),
    requirements: list('Three or more years building web applications with React', 'Strong TypeScript and CSS skills', 'Experience with data-heavy interfaces'),
    locale: 'en-US',
    status: 'open',
    daysAgo: 10,
    closesInDays: 40,
  },
  {
    title: 'UX Designer, Industrial Software',
    categoryKey: 'product',
    department: 'Product Design',
    location: 'Shanghai',
    employmentType: 'full-time',
    headcount: 1,
    salaryMin: 25000,
    salaryMax: 38000,
    description: p('Design tools for people who work on the shop floor, often with gloves on and little time to spare.') + list('Research with operators and engineers on site', 'Turn findings into flows, prototypes and specifications', 'Maintain our design system'),
    requirements: list('A portfolio showing complex B2B products', 'Experience with field research', 'Fluent English; Mandarin a plus'),
    locale: 'en-US',
    status: 'open',
    daysAgo: 18,
    closesInDays: null,
  },
  {
    title: 'Software Engineering Intern (Summer 2027)',
    categoryKey: 'engineering',
    department: 'Platform Engineering',
    location: 'Shanghai',
    employmentType: 'internship',
    headcount: 5,
    salaryMin: null,
    salaryMax: null,
    description: p('Spend a summer shipping real features with one of our product teams and present your work at the end.') + list('Pair with experienced engineers', 'Own a small feature from design to release', 'Join code reviews and team rituals'),
    requirements: list('Studying computer science or a related field', 'Comfortable with at least one programming language', 'Available for at least ten weeks'),
    locale: 'en-US',
    status: 'open',
    daysAgo: 25,
    closesInDays: 90,
  },
];
