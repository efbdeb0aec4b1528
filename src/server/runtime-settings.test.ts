import { describe, expect, it } from 'vitest';
import { youngGenerationArgs } from './runtime-settings.js';

describe('the settings the server is started with', () => {
  it("adds the 4 MB young generation unless the operator gave their own, on the command line or in NODE_OPTIONS", () => {
    expect(youngGenerationArgs([])).toEqual(['--max-semi-space-size=4']);
    expect(youngGenerationArgs(['--enable-source-maps'], '--max-old-space-size=512')).toEqual(['--max-semi-space-size=4']);
    expect(youngGenerationArgs(['--max-semi-space-size=16'])).toEqual([]);
    expect(youngGenerationArgs([], '--max-semi-space-size=8')).toEqual([]);
  });
});
