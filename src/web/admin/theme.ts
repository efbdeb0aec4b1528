import type { ThemeConfig } from 'antd';

/**
 * The back-office's colours, as antd theme tokens rather than per-element overrides, chosen so that
 * text passes WCAG AA (4.5:1) on both the white of cards and tables and the grey of the page
 * (#f5f5f5). antd's defaults do not: its links (#1677ff) reach 4.1:1 on white and 3.8:1 on the page,
 * its secondary text (#8c8c8c) 3.4:1 and 3.3:1 (axe-core "color-contrast", issue 21).
 */
export const ADMIN_TOKENS = {
  /** Danger buttons and error text: #cf1322, 5.9:1 on white (antd's #ff4d4f reaches 3.3:1). */
  colorError: '#cf1322',
  /** Placeholders in inputs and selects: #707070, 4.9:1 on white (antd's #bfbfbf, 1.8:1). */
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  /**
   * The tag colours of statuses, one step darker as seeds: antd writes a tag's text in the 7th shade
   * of its colour on the 1st, which for green, gold and cyan is under 3.4:1.
   */
  green: '#237804',
  gold: '#ad6800',
  /** Draft and missing-translation marks: antd's orange text on its first shade is 3.3:1. */
  orange: '#ad4e00',
  cyan: '#006d75',
  colorPrimary: '#0b5cad',
  /** 6.6:1 on white, 6.0:1 on the page. */
  colorLink: '#0b5cad',
  colorInfo: '#0b5cad',
  /** Secondary text (descriptions, statistics' titles, table meta): #595959, 7.0:1 on white, 6.4:1 on the page. */
  colorTextDescription: 'rgba(0, 0, 0, 0.65)',
} as const;

export function adminTheme(reducedMotion: boolean): ThemeConfig {
  return {
    token: { ...ADMIN_TOKENS, motion: !reducedMotion },
    // An empty table or list says so in secondary text, not in the disabled grey (1.8:1).
    components: {
      Empty: { colorTextDisabled: ADMIN_TOKENS.colorTextDescription },
      Table: { colorTextDisabled: ADMIN_TOKENS.colorTextDescription },
    },
  };
}
