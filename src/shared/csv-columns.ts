import type { Locale } from './locale.js';

/**
 * The columns of each list the back-office exports as CSV (`POST {E}/Export`), with their headings
 * and the names of coded values in both languages. The server writes the file in the reader's
 * language, so every export is recorded in the audit log (docs/decisions/0036-audit-log.md).
 */

export type Bilingual = Readonly<Record<Locale, string>>;

export interface CsvFieldColumn {
  /** The record field the column shows. */
  field: string;
  title: Bilingual;
  /** Names of coded values (a status id, an education level), by value. */
  values?: Readonly<Record<string, Bilingual>>;
}

const ID: CsvFieldColumn = { field: 'id', title: { 'zh-CN': 'ID', 'en-US': 'ID' } };
const NAME: CsvFieldColumn = { field: 'name', title: { 'zh-CN': '姓名', 'en-US': 'Name' } };
const PHONE: CsvFieldColumn = { field: 'phone', title: { 'zh-CN': '电话', 'en-US': 'Phone' } };
const EMAIL: CsvFieldColumn = { field: 'email', title: { 'zh-CN': '邮箱', 'en-US': 'Email' } };
const COMPANY: CsvFieldColumn = { field: 'company', title: { 'zh-CN': '公司', 'en-US': 'Company' } };
const MESSAGE: CsvFieldColumn = { field: 'message', title: { 'zh-CN': '内容', 'en-US': 'Message' } };
const NOTE: CsvFieldColumn = { field: 'note', title: { 'zh-CN': '内部备注', 'en-US': 'Internal note' } };
const CREATED_AT: CsvFieldColumn = { field: 'createdAt', title: { 'zh-CN': '创建时间', 'en-US': 'Created' } };

const INQUIRY_STATUS: CsvFieldColumn = {
  field: 'statusId',
  title: { 'zh-CN': '状态', 'en-US': 'Status' },
  values: {
    '1': { 'zh-CN': '新留言', 'en-US': 'New' },
    '2': { 'zh-CN': '处理中', 'en-US': 'In progress' },
    '3': { 'zh-CN': '已完成', 'en-US': 'Done' },
  },
};

export const APPLICATION_CSV: readonly CsvFieldColumn[] = [
  ID,
  { field: 'jobTitle', title: { 'zh-CN': '应聘职位', 'en-US': 'Position' } },
  NAME,
  PHONE,
  EMAIL,
  {
    field: 'education',
    title: { 'zh-CN': '学历', 'en-US': 'Education' },
    values: {
      'high-school': { 'zh-CN': '高中', 'en-US': 'High school' },
      associate: { 'zh-CN': '大专', 'en-US': 'Associate' },
      bachelor: { 'zh-CN': '本科', 'en-US': 'Bachelor' },
      master: { 'zh-CN': '硕士', 'en-US': 'Master' },
      doctorate: { 'zh-CN': '博士', 'en-US': 'Doctorate' },
      other: { 'zh-CN': '其他', 'en-US': 'Other' },
    },
  },
  { field: 'yearsOfExperience', title: { 'zh-CN': '工作年限', 'en-US': 'Years of experience' } },
  {
    field: 'statusId',
    title: { 'zh-CN': '状态', 'en-US': 'Status' },
    values: {
      '1': { 'zh-CN': '新申请', 'en-US': 'New' },
      '2': { 'zh-CN': '筛选中', 'en-US': 'Screening' },
      '3': { 'zh-CN': '面试', 'en-US': 'Interview' },
      '4': { 'zh-CN': '录用', 'en-US': 'Offer' },
      '5': { 'zh-CN': '已入职', 'en-US': 'Hired' },
      '6': { 'zh-CN': '未通过', 'en-US': 'Rejected' },
    },
  },
  NOTE,
  CREATED_AT,
];

export const CONTACT_CSV: readonly CsvFieldColumn[] = [
  ID,
  NAME,
  COMPANY,
  EMAIL,
  PHONE,
  { field: 'subject', title: { 'zh-CN': '主题', 'en-US': 'Subject' } },
  MESSAGE,
  INQUIRY_STATUS,
  NOTE,
  CREATED_AT,
];

export const JOIN_US_CSV: readonly CsvFieldColumn[] = [
  ID,
  NAME,
  COMPANY,
  EMAIL,
  PHONE,
  { field: 'region', title: { 'zh-CN': '地区', 'en-US': 'Region' } },
  {
    field: 'cooperationType',
    title: { 'zh-CN': '合作类型', 'en-US': 'Partnership' },
    values: {
      distribution: { 'zh-CN': '渠道分销', 'en-US': 'Distribution' },
      franchise: { 'zh-CN': '区域加盟', 'en-US': 'Regional franchise' },
      technology: { 'zh-CN': '技术合作', 'en-US': 'Technology' },
      supply: { 'zh-CN': '供应合作', 'en-US': 'Supply' },
      other: { 'zh-CN': '其他', 'en-US': 'Other' },
    },
  },
  MESSAGE,
  INQUIRY_STATUS,
  NOTE,
  CREATED_AT,
];

export const AUDIT_CSV: readonly CsvFieldColumn[] = [
  ID,
  { field: 'at', title: { 'zh-CN': '时间', 'en-US': 'Time' } },
  { field: 'userId', title: { 'zh-CN': '用户 ID', 'en-US': 'User ID' } },
  { field: 'userName', title: { 'zh-CN': '用户', 'en-US': 'User' } },
  { field: 'action', title: { 'zh-CN': '操作', 'en-US': 'Action' } },
  { field: 'entity', title: { 'zh-CN': '对象', 'en-US': 'Record type' } },
  { field: 'entityId', title: { 'zh-CN': '对象 ID', 'en-US': 'Record ID' } },
  { field: 'changes', title: { 'zh-CN': '变更', 'en-US': 'Changes' } },
  { field: 'clientAddress', title: { 'zh-CN': 'IP 地址', 'en-US': 'Address' } },
  { field: 'userAgent', title: { 'zh-CN': '用户代理', 'en-US': 'User agent' } },
];
