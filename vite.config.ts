import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

/**
 * Libraries only the back-office screens use. The server never renders those screens (the security
 * layout renders nothing below it until the browser has confirmed the session), so the server build
 * gets a stand-in for each instead of loading them at start-up: ~30 MB less heap.
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
      // A callable, constructible value whose every property is itself again: module-level code such
      // as `const { Title } = Typography` or `dayjs.extend(plugin)` runs without the library. Calling it
      // gives a plain object, and the keys React probes to render something are absent, so a stand-in
      // that ever reached a server render would make React throw ("Objects are not valid as a React
      // child") instead of quietly rendering nothing.
      return `const hidden = new Set(['then', 'prototype', '$$typeof', '@@iterator']);
const get = (_target, key) => (typeof key === 'symbol' || hidden.has(key) ? undefined : standIn);
const value = new Proxy({}, { get });
const standIn = new Proxy(function browserOnly() {}, { get, apply: () => value, construct: () => value });
export default standIn;
`;
    },
  };
}

export default defineConfig({
  plugins: [browserOnlyOnServer(), reactRouter()],
  build: {
    target: 'es2022',
    cssCodeSplit: true,
    // Chunks under 8 KB are merged into the chunks that load them where that runs nothing more: the
    // back-office's first load fetched 44 scripts, each a preload to issue and a module to link, and
    // fetches 27 now; the news list's LCP fell from 1,528 to 1,350 ms (median of seven loads under
    // the bench's 4x CPU throttle; docs/decisions/0065). The public pages load the same bytes.
    rollupOptions: { output: { experimentalMinChunkSize: 8_000 } },
  },
});
