import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSubmit } from './use-submit.js';

describe('a form submission', () => {
  it('runs once while it is in flight, then again after', async () => {
    const { result } = renderHook(() => useSubmit());
    let calls = 0;
    let finish: () => void = () => undefined;
    const task = () => {
      calls++;
      return new Promise<void>((resolve) => (finish = resolve));
    };
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = result.current[1](task);
      void result.current[1](task);
    });
    expect(calls).toBe(1);
    expect(result.current[0]).toBe(true);
    await act(async () => {
      finish();
      await first;
    });
    expect(result.current[0]).toBe(false);
    await act(async () => {
      const again = result.current[1](task);
      finish();
      await again;
    });
    expect(calls).toBe(2);
  });

  it('lets a failed validation pass quietly and a failed save be heard', async () => {
    const { result } = renderHook(() => useSubmit());
    await act(() => result.current[1](() => Promise.reject(Object.assign(new Error('invalid'), { errorFields: [] }))));
    await expect(act(() => result.current[1](() => Promise.reject(new Error('boom'))))).rejects.toThrow('boom');
    expect(result.current[0]).toBe(false);
  });
});
