import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateRangeFilter, dayOf } from './date-range-filter.js';
import { AdminTestFrame } from './test-setup.js';

afterEach(cleanup);

function show(from: unknown, to: unknown, locale: 'en-US' | 'zh-CN' = 'en-US') {
  const onChange = vi.fn();
  render(
    <AdminTestFrame locale={locale}>
      <DateRangeFilter label={locale === 'en-US' ? 'Published' : '发布时间'} from={from} to={to} onChange={onChange} />
    </AdminTestFrame>,
  );
  return onChange;
}

describe('a list\'s date range filter', () => {
  it('names both ends for the reader, in either language', () => {
    show(undefined, undefined);
    expect(screen.getByRole('group', { name: 'Published' })).toBeTruthy();
    expect(screen.getByLabelText('Published: from')).toBeTruthy();
    expect(screen.getByLabelText('Published: to')).toBeTruthy();
    cleanup();
    show(undefined, undefined, 'zh-CN');
    expect(screen.getByLabelText('发布时间：开始日期')).toBeTruthy();
    expect(screen.getByLabelText('发布时间：结束日期')).toBeTruthy();
  });

  it('shows a stored range as days of the reader\'s time zone, and refuses an end before the start', () => {
    const from = new Date(2026, 10, 1).toISOString();
    const to = new Date(2026, 10, 20, 23, 59, 59, 999).toISOString();
    show(from, to);
    const start = screen.getByLabelText('Published: from') as HTMLInputElement;
    const end = screen.getByLabelText('Published: to') as HTMLInputElement;
    expect([start.value, end.value]).toEqual(['2026-11-01', '2026-11-20']);
    expect([start.max, end.min]).toEqual(['2026-11-20', '2026-11-01']);
  });

  it('asks from the start of the first day to the end of the last, keeping the other end', () => {
    const onChange = show(undefined, new Date(2026, 10, 20, 23, 59, 59, 999).toISOString());
    fireEvent.change(screen.getByLabelText('Published: from'), { target: { value: '2026-11-03' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: new Date(2026, 10, 3).toISOString(), to: new Date(2026, 10, 20, 23, 59, 59, 999).toISOString() });
  });

  it('clears an end emptied, and shows nothing for a value that is no date', () => {
    const onChange = show(new Date(2026, 10, 3).toISOString(), undefined);
    fireEvent.change(screen.getByLabelText('Published: from'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: undefined, to: undefined });
    expect(dayOf('yesterday')).toBe('');
    expect(dayOf(undefined)).toBe('');
  });
});
