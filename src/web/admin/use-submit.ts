import { useCallback, useEffect, useRef, useState } from 'react';

/** antd's validateFields rejects with the failing fields; the form already shows them. */
const isValidationFailure = (error: unknown) => !!error && typeof error === 'object' && 'errorFields' in error;

/**
 * Runs a form's submission at most once at a time: a second click while the first is still
 * validating or saving does nothing (a disabled button alone leaves a gap before it re-renders).
 */
export function useSubmit(): [submitting: boolean, run: (task: () => Promise<unknown>) => Promise<void>] {
  const busy = useRef(false);
  const mounted = useRef(true);
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const run = useCallback(async (task: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      await task();
    } catch (error) {
      if (!isValidationFailure(error)) throw error;
    } finally {
      busy.current = false;
      if (mounted.current) setSubmitting(false);
    }
  }, []);
  return [submitting, run];
}
