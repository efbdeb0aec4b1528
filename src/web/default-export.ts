/**
 * A package's default export as its module gives it: packages typed as CommonJS (antd's locales,
 * the icons' path data) nest it under `default` in Node's typing, while the bundle hands it over
 * as it is. Either way, the export itself.
 */
export const defaultOf = <T,>(module: T | { default: T }): T =>
  typeof module === 'object' && module !== null && 'default' in module ? (module as { default: T }).default : (module as T);
