import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useKept } from './use-kept.js';

afterEach(cleanup);

function Shown({ value }: { value: string | null }) {
  return <output>{useKept(value) ?? 'nothing yet'}</output>;
}

describe('a value kept while it is null', () => {
  it('is null until first set, follows each new value, and keeps the last one while null', () => {
    const { rerender } = render(<Shown value={null} />);
    expect(screen.getByRole('status').textContent).toBe('nothing yet');
    rerender(<Shown value="first" />);
    expect(screen.getByRole('status').textContent).toBe('first');
    rerender(<Shown value={null} />);
    expect(screen.getByRole('status').textContent).toBe('first');
    rerender(<Shown value="second" />);
    expect(screen.getByRole('status').textContent).toBe('second');
  });
});
