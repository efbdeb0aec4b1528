import { useSyncExternalStore } from 'react';

/** The one query list, asked for on first use (never on the server); it updates itself. */
let media: MediaQueryList | undefined;
const reducedMotionQuery = () => (media ??= window.matchMedia?.('(prefers-reduced-motion: reduce)'));

const subscribe = (onChange: () => void) => {
  const query = reducedMotionQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};

/** Whether the user asked their system for less motion; followed live when they change it. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );
}
