import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from './search-box.js';
import { AdminTestFrame } from './test-setup.js';

afterEach(cleanup);

describe('a list’s search box', () => {
  const show = () => {
    const onSearch = vi.fn();
    render(
      <AdminTestFrame>
        <SearchBox label="Keyword" value="" onSearch={onSearch} />
      </AdminTestFrame>,
    );
    return { onSearch, box: screen.getByRole('searchbox', { name: 'Keyword' }) };
  };

  it('searches on Enter, but not on the Enter that picks a word in an input method', () => {
    const { onSearch, box } = show();
    fireEvent.change(box, { target: { value: '新闻' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSearch).toHaveBeenCalledWith('新闻');
  });

  it('searches for nothing at once when cleared, and names its buttons for its field', () => {
    const { onSearch, box } = show();
    fireEvent.change(box, { target: { value: 'pilot' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search by Keyword' }));
    expect(onSearch).toHaveBeenLastCalledWith('pilot');
    fireEvent.click(screen.getByRole('button', { name: 'Clear Keyword' }));
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect((box as HTMLInputElement).value).toBe('');
  });
});
