import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminTestFrame } from '../test-setup.js';
import { ConfirmButton } from './confirm.js';
import { Select } from './controls.js';
import { DataTable, Pagination, pagesToOffer } from './data-table.js';
import { useNotices } from './notices.js';

afterEach(cleanup);

describe('the question before an action', () => {
  const ask = (onConfirm = vi.fn()) => {
    render(
      <AdminTestFrame>
        <ConfirmButton title="Close this job?" description="Visitors will no longer see it." okText="Close" cancelText="Cancel" onConfirm={onConfirm}>
          Close
        </ConfirmButton>
      </AdminTestFrame>,
    );
    return onConfirm;
  };

  it('asks first, with what the action does, and acts only on its own button', () => {
    const onConfirm = ask();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const question = screen.getByRole('alertdialog', { name: 'Close this job?' });
    expect(question.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(question.getAttribute('aria-describedby')!)?.textContent).toBe('Visitors will no longer see it.');
    expect(onConfirm).not.toHaveBeenCalled();
    // The action's button has the focus, so Enter confirms.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Close' }));
    fireEvent.click(within(question).getByRole('button', { name: 'Close' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes on Escape and on Cancel without acting, and gives the focus back to its button', () => {
    const onConfirm = ask();
    const button = screen.getByRole('button', { name: 'Close' });
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('a filter select', () => {
  function Filter({ initial }: { initial?: number }) {
    const [value, setValue] = useState<string | number | undefined>(initial);
    return (
      <>
        <Select label="Status" options={[{ value: 1, label: 'New' }, { value: 3, label: 'Interview' }]} value={value} onChange={setValue} />
        <output>{JSON.stringify(value ?? null)}</output>
      </>
    );
  }
  const chosen = () => (screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).selectedOptions[0]?.textContent;

  it('keeps the type of the value chosen, and its label as the choice of none', () => {
    render(<Filter />);
    expect(chosen()).toBe('Status');
    const select = screen.getByRole('combobox', { name: 'Status' });
    fireEvent.change(select, { target: { value: [...(select as HTMLSelectElement).options].find((o) => o.text === 'Interview')!.value } });
    expect(screen.getByRole('status').textContent).toBe('3');
    fireEvent.change(select, { target: { value: '' } });
    expect(screen.getByRole('status').textContent).toBe('null');
  });

  it('shows a value its options do not hold as it is, not as no choice', () => {
    render(<Filter initial={9} />);
    expect(chosen()).toBe('9');
  });
});

describe('the pages of a list', () => {
  it('offers the first, the last and two either side of the current page, with gaps between', () => {
    expect(pagesToOffer(1, 1)).toEqual([1]);
    expect(pagesToOffer(1, 5)).toEqual([1, 2, 3, 'gap', 5]);
    expect(pagesToOffer(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pagesToOffer(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('goes to the page asked for, to the first with another page size, and not beyond either end', () => {
    const onChange = vi.fn();
    render(
      <AdminTestFrame>
        <Pagination page={1} pageSize={10} total={35} pageSizes={[10, 20]} onChange={onChange} />
      </AdminTestFrame>,
    );
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('35 in all')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect((within(pages).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 4' }));
    expect(onChange).toHaveBeenLastCalledWith(4, 10);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(2, 10);
    fireEvent.change(within(pages).getByRole('combobox', { name: 'Rows per page' }), { target: { value: '20' } });
    expect(onChange).toHaveBeenLastCalledWith(1, 20);
  });
});

describe('a list table', () => {
  it('says which column sorts the list, and which way, to a screen reader', () => {
    const onSort = vi.fn();
    render(
      <AdminTestFrame>
        <DataTable<{ id: number; name: string }>
          columns={[{ key: 'name', dataIndex: 'name', title: 'Name', sorter: true }, { key: 'id', dataIndex: 'id', title: 'ID' }]}
          rows={[{ id: 1, name: 'Ada' }]}
          emptyText="Nothing"
          sort={{ field: 'name', order: 'desc' }}
          onSort={onSort}
        />
      </AdminTestFrame>,
    );
    const [name, id] = screen.getAllByRole('columnheader');
    expect(name.getAttribute('aria-sort')).toBe('descending');
    expect(id.hasAttribute('aria-sort')).toBe(false);
    fireEvent.click(within(name).getByRole('button'));
    expect(onSort).toHaveBeenCalledWith('name');
    expect(screen.getByRole('cell', { name: 'Ada' })).toBeTruthy();
  });
});

describe('a list waiting for its first page', () => {
  it('says it is loading, not that it is empty, and shows its pages only once the page has come', () => {
    const table = (waiting: boolean) => (
      <AdminTestFrame>
        <DataTable<{ id: number }>
          columns={[{ key: 'id', dataIndex: 'id', title: 'ID' }]}
          rows={[]}
          emptyText="Nothing here"
          waiting={waiting}
          pagination={{ page: 1, pageSize: 10, total: 0, pageSizes: [10], onChange: () => undefined }}
        />
      </AdminTestFrame>
    );
    const { rerender } = render(table(true));
    expect(screen.getByRole('cell').textContent).toBe('Loading…');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    rerender(table(false));
    expect(screen.getByRole('cell').textContent).toBe('Nothing here');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  });
});

describe('the frame’s notices', () => {
  it('reads out what was done', () => {
    function Save() {
      const notices = useNotices();
      return <button onClick={() => notices.success('Saved')}>Save</button>;
    }
    render(
      <AdminTestFrame>
        <Save />
      </AdminTestFrame>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByRole('status').some((region) => region.textContent === 'Saved' && region.getAttribute('aria-live') === 'polite')).toBe(true);
  });
});
