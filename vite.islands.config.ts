import { defineConfig } from 'vite';

/**
 * The public pages' only script (`src/web/islands/entry.ts`; see
 * docs/decisions/0010-public-islands.md), built after React Router's client build into the same
 * `build/client/assets`, with hashed names. The server finds the entry's name in
 * `build/client/.vite/islands-manifest.json` (dot folders are never served).
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    target: 'es2022',
    manifest: '.vite/islands-manifest.json',
    rollupOptions: { input: { islands: 'src/web/islands/entry.ts' } },
  },
});
