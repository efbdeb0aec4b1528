import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { demoSiteSettings } from './site-settings.js';

/**
 * No company is written into Portico: its name, address, phone and e-mail are site settings, and the
 * demo company's are demo data (this folder), seeded only with PORTICO_DEMO=1. The demo company's
 * details must appear in no source outside the demo data and its tests, and in no built public asset.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DEMO_DATA = path.join(ROOT, 'src/server/demo');

const demoDetails = [
  ...Object.values(demoSiteSettings.companyName),
  ...Object.values(demoSiteSettings.address),
  demoSiteSettings.phone,
  demoSiteSettings.email,
  // The company's name as its Chinese texts write it in passing, and its address's landmark.
  '博远',
  'Zhangjiang',
  '张江',
].filter((detail) => detail.trim() !== '');

/** Tests may name the demo company: they check what a demo site shows, and that a neutral one does not. */
const isTest = (file: string) => /\.(test|e2e\.test)\.tsx?$/.test(file);

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(file, keep);
    return keep(file) ? [file] : [];
  });
}

function mentions(files: string[]): string[] {
  return files.flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return demoDetails.filter((detail) => text.includes(detail)).map((detail) => `${path.relative(ROOT, file)}: ${detail}`);
  });
}

describe('no company in the code', () => {
  it('names the demo company only in the demo data', () => {
    const sources = [
      ...filesUnder(path.join(ROOT, 'src'), (file) => /\.(ts|tsx|css|html|json)$/.test(file) && !isTest(file) && !file.startsWith(`${DEMO_DATA}${path.sep}`)),
      ...filesUnder(path.join(ROOT, 'public'), (file) => /\.(svg|html|txt|json|webmanifest|xml)$/.test(file)),
    ];
    expect(sources.length).toBeGreaterThan(100);
    expect(mentions(sources)).toEqual([]);
  });

  it('names it in no built public asset', () => {
    const built = filesUnder(path.join(ROOT, 'build/client'), (file) => /\.(js|css|html|svg|json|txt)$/.test(file));
    // The test suite builds before it runs (npm test); without a build there is nothing to look at.
    expect(built.length, 'build/client has no assets: run npm run build').toBeGreaterThan(5);
    expect(mentions(built)).toEqual([]);
  });

  it('would see a mention if there were one', () => {
    const probe = path.join(fs.mkdtempSync(path.join(ROOT, 'node_modules', '.portico-probe-')), 'probe.ts');
    fs.writeFileSync(probe, `export const company = '${demoSiteSettings.email}';\n`);
    try {
      expect(mentions([probe])).toHaveLength(1);
    } finally {
      fs.rmSync(path.dirname(probe), { recursive: true, force: true });
    }
  });
});
