// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packagesReached } from '../../../testing/static-imports.js';

/**
 * The back-office's first screens draw without antd (docs/decisions/0065): the frame, and every
 * screen whose route says `handle = { plain: true }`. What they import before anything is clicked
 * (static value imports; not types, not `import()`) must not reach antd or `@ant-design/icons`,
 * or the first load carries antd's style system again, whatever the bench says on the day.
 */

const WEB = fileURLToPath(new URL('../..', import.meta.url));
const ANTD = /^(antd|@ant-design\/icons|@ant-design\/cssinjs)(\/|$)/;

const routeFile = (relative: string) => path.join(WEB, 'routes', relative);

/** The route modules that say they draw without antd. */
function plainRoutes(dir = path.join(WEB, 'routes', 'admin')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return plainRoutes(full);
    if (!/\.tsx$/.test(entry.name) || entry.name.endsWith('.test.tsx')) return [];
    // `handle = { plain: true }`, typed or not, alone or with more (the calls its page sends early).
    return /export const handle(?::[^=]+)? = \{\s*plain: true\b/.test(fs.readFileSync(full, 'utf8')) ? [full] : [];
  });
}

describe('the first load of the back-office', () => {
  it('names the landing lists of news, jobs and applications as drawn without antd', () => {
    expect(plainRoutes().map((file) => path.relative(WEB, file)).sort()).toEqual(
      expect.arrayContaining(['routes/admin/applications/list.tsx', 'routes/admin/jobs/list.tsx', 'routes/admin/news/list.tsx']),
    );
  });

  for (const entry of [routeFile('admin/security-layout.tsx'), routeFile('admin/management-layout.tsx'), ...plainRoutes()]) {
    it(`loads no antd from ${path.relative(WEB, entry)}`, () => {
      const antd = [...packagesReached(entry, WEB)].filter(([name]) => ANTD.test(name)).map(([name, chain]) => `${name} via ${chain.join(' → ')}`);
      expect(antd).toEqual([]);
    });
  }

  it('would see antd where a screen loads it', () => {
    expect([...packagesReached(routeFile('admin/news/modify.tsx'), WEB).keys()].some((name) => ANTD.test(name))).toBe(true);
  });
});
