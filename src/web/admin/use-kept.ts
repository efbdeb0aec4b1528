import { useState } from 'react';

/**
 * The value, or while it is null the last one it had: for a part loaded on first use (the bulk bar,
 * the status dialog) that stays mounted once loaded, so what it reports outlives the choice or the
 * dialog that closed. Null until the value is first set.
 */
export function useKept<T>(value: T | null): T | null {
  const [kept, setKept] = useState<T | null>(value);
  if (value !== null && value !== kept) setKept(value);
  return value ?? kept;
}
