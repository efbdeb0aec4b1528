import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUSModule from 'antd/locale/en_US.js';
import zhCNModule from 'antd/locale/zh_CN.js';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn.js';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../../shared/locale.js';
import { defaultOf } from '../default-export.js';
import { adminTheme } from './theme.js';
import { useReducedMotion } from './use-reduced-motion.js';

const zhCN = defaultOf(zhCNModule);
const enUS = defaultOf(enUSModule);

/**
 * What antd's components need around them: the interface language (theirs and the date pickers'),
 * the back-office's colours, motion as the user asks for it, and the context of `App.useApp()`'s
 * messages and dialogs. The frame and the lists draw without antd (docs/decisions/0065); a screen
 * or a part of one that uses antd is drawn inside this, which comes with the first of them.
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  // Read from i18next, not `useLocale`, which needs a data router: a list in a dialog has none.
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'zh-CN';
  const reducedMotion = useReducedMotion();
  // The date pickers' month and day names follow the interface language too.
  dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en');
  return (
    <ConfigProvider locale={locale === 'zh-CN' ? zhCN : enUS} theme={adminTheme(reducedMotion)} button={{ autoInsertSpace: false }}>
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}
