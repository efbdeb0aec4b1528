import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPath } from './browser.js';

describe('the browser that measures pages', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is the headless shell when it is installed, else Chromium', () => {
    vi.stubEnv('CHROMIUM_PATH', undefined);
    expect(browserPath((file) => file === '/usr/bin/chromium-headless-shell')).toBe('/usr/bin/chromium-headless-shell');
    expect(browserPath(() => false)).toBe('/usr/bin/chromium');
  });

  it('is the one CHROMIUM_PATH names, whatever is installed', () => {
    vi.stubEnv('CHROMIUM_PATH', '/opt/chrome/chrome');
    expect(browserPath(() => true)).toBe('/opt/chrome/chrome');
  });
});
