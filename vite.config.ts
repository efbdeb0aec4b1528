import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

/**
 * Libraries only the back-office screens use. The server never renders those screens (the security
 * layout renders nothing below it until the browser has confirmed the session), so the server build
 * gets a stand-in for each instead of loading them at start-up: ~30 MB less heap and a faster start.
 * See docs/decisions/0013-server-memory.md.
 */
const BROWSER_ONLY = [/^antd(\/|$)/, /^@ant-design\//, /^@tiptap\//, /^@tanstack\/react-query$/, /^dayjs(\/|$)/];
const STAND_IN = '\0browser-only:';

function browserOnlyOnServer(): Plugin {
  return {
    name: 'portico-browser-only-on-server',
    apply: 'build',
    enforce: 'pre',
    resolveId(id, _importer, options) {
      if (!options?.ssr || !BROWSER_ONLY.some((pattern) => pattern.test(id))) return null;
      // Any named import (`Button`, `Typography.Title`) is read off the stand-in when first used.
      return { id: `${STAND_IN}${id}`, syntheticNamedExports: true };
    },
    load(id) {
      if (!id.startsWith(STAND_IN)) return null;
      // A callable, constructible value whose every property is itself: module-level code such as
      // `const { Title } = Typography` or `dayjs.extend(plugin)` runs without the library. It is never
      // rendered; if it were, React would refuse it loudly rather than render something wrong.
      return `const handler = {
  get: (_target, key) => (key === 'then' || typeof key === 'symbol' ? undefined : standIn),
  apply: () => standIn,
  construct: () => standIn,
};
const standIn = new Proxy(function browserOnly() {}, handler);
export default standIn;
`;
    },
  };
}

export default defineConfig({
  plugins: [browserOnlyOnServer(), reactRouter()],
  build: { target: 'es2022', cssCodeSplit: true },
});
