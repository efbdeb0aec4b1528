import { describe, expect, it } from 'vitest';
import { describeChunkFailure } from './chunk-error.js';

describe('chunk load failures', () => {
  it('names the kind of failure and the address', () => {
    expect(describeChunkFailure(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:3000/assets/home-abc.js'))).toEqual({
      type: 'script',
      url: 'http://127.0.0.1:3000/assets/home-abc.js',
    });
    expect(describeChunkFailure(new Error('Unable to preload CSS for /assets/root-x.css'))).toEqual({ type: 'stylesheet', url: '/assets/root-x.css' });
    expect(describeChunkFailure(new Error('Something else'))).toBeNull();
  });
});
