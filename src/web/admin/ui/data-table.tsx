import { useEffect, useRef } from 'react';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon.js';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined.js';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined.js';

/** A column of a list: a record field (`dataIndex`) or a column of its own (`key`), drawn by `render` or as text. */
export interface Column<T> {
  key?: Key;
  dataIndex?: string;
  title: ReactNode;
  render?: (value: never, row: T, index: number) => ReactNode;
  /** Its header sorts the list by it. */
  sorter?: boolean;
  /** Kept in view at the right edge however wide the others are (a row's actions). */
  fixed?: 'right';
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

export type SortOrder = 'asc' | 'desc';

/** The field a sortable column sorts by: its key, or its data index. */
export const sortFieldOf = (column: { key?: Key; dataIndex?: unknown }) => String(column.key ?? column.dataIndex);

export interface DataTableProps<T extends { id: number }> {
  columns: readonly Column<T>[];
  rows: readonly T[];
  /** Drawn dimmed while a new page is on its way, the last one kept in view. */
  loading?: boolean;
  /**
   * No page has come yet: the table says it is loading rather than that it is empty, and the pages
   * below wait for the first answer, which would otherwise push them down as its rows arrive.
   */
  waiting?: boolean;
  emptyText: ReactNode;
  /** The list's sort, shown in its column's header. */
  sort?: { field: string; order: SortOrder };
  /** A sortable header's click, with the field it sorts by: the list decides the next order. */
  onSort?: (field: string) => void;
  /** Rows can be ticked: which are, and what ticking changes them to. */
  selection?: { selected: readonly number[]; onChange: (ids: number[]) => void };
  pagination?: PaginationProps;
}

/**
 * A list's table, drawn by the browser: a header per column (a sortable one is a button, its order
 * in `aria-sort`), a check box per row and one for the page, the actions column kept in view at the
 * right, and the pages below. What antd's table did for Portico's lists, without its weight on the
 * first load (docs/decisions/0065).
 */
export function DataTable<T extends { id: number }>(props: DataTableProps<T>) {
  const { t } = useTranslation('admin');
  const { columns, rows, selection } = props;
  const selected = new Set(selection?.selected ?? []);
  const onPage = rows.filter((row) => selected.has(row.id)).length;
  const pageBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = onPage > 0 && onPage < rows.length;
  }, [onPage, rows.length]);

  const tickPage = (on: boolean) => {
    const ids = rows.map((row) => row.id);
    const others = (selection?.selected ?? []).filter((id) => !ids.includes(id));
    selection?.onChange(on ? [...others, ...ids] : others);
  };
  const tick = (id: number, on: boolean) => selection?.onChange(on ? [...(selection.selected ?? []), id] : (selection?.selected ?? []).filter((each) => each !== id));

  const cellClass = (column: Column<T>) => [column.fixed === 'right' && 'ui-fixed-right', column.align && `ui-align-${column.align}`].filter(Boolean).join(' ') || undefined;

  return (
    <div className="ui-table-block">
      <div className="ui-table-scroll">
        <table className="ui-table" aria-busy={props.loading || undefined} data-loading={props.loading || undefined}>
          <thead>
            <tr>
              {selection && (
                <th className="ui-select-cell" scope="col">
                  <input
                    ref={pageBox}
                    type="checkbox"
                    aria-label={t('table.selectPage')}
                    checked={rows.length > 0 && onPage === rows.length}
                    disabled={rows.length === 0}
                    onChange={(event) => tickPage(event.target.checked)}
                  />
                </th>
              )}
              {columns.map((column) => {
                const field = sortFieldOf(column);
                const order = props.sort?.field === field ? props.sort.order : undefined;
                return (
                  <th
                    key={field}
                    scope="col"
                    className={cellClass(column)}
                    style={column.width === undefined ? undefined : { width: column.width }}
                    aria-sort={column.sorter ? (order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none') : undefined}
                  >
                    {column.sorter ? (
                      <button type="button" className="ui-sort" onClick={() => props.onSort?.(field)}>
                        {column.title}
                        <span className="ui-sort-marks" aria-hidden="true">
                          <span className={order === 'asc' ? 'on' : undefined}>▲</span>
                          <span className={order === 'desc' ? 'on' : undefined}>▼</span>
                        </span>
                      </button>
                    ) : (
                      column.title
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="ui-empty-row">
                <td colSpan={columns.length + (selection ? 1 : 0)}>{props.waiting ? t('table.loading') : props.emptyText}</td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={row.id} data-row-key={row.id} className={selected.has(row.id) ? 'ui-row-selected' : undefined}>
                  {selection && (
                    <td className="ui-select-cell">
                      <input type="checkbox" aria-label={t('table.selectRow', { id: row.id })} checked={selected.has(row.id)} onChange={(event) => tick(row.id, event.target.checked)} />
                    </td>
                  )}
                  {columns.map((column) => {
                    const value = column.dataIndex === undefined ? undefined : (row as Record<string, unknown>)[column.dataIndex];
                    return (
                      <td key={sortFieldOf(column)} className={cellClass(column)}>
                        {column.render ? column.render(value as never, row, index) : (value as ReactNode)}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {props.pagination && !props.waiting && <Pagination {...props.pagination} />}
    </div>
  );
}

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  onChange: (page: number, pageSize: number) => void;
}

/** The page numbers to offer: the first, the last, and two either side of the current one, with gaps between. */
export function pagesToOffer(page: number, pages: number): (number | 'gap')[] {
  const shown = new Set([1, pages, ...[-2, -1, 0, 1, 2].map((step) => page + step)].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1] > 1 ? ['gap' as const, p] : [p]));
}

/** The pages of a list: how many rows in all, previous and next, the pages around this one, and how many a page holds. */
export function Pagination({ page, pageSize, total, pageSizes, onChange }: PaginationProps) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="ui-pagination" aria-label={t('table.pages')}>
      <span className="ui-pagination-total">{t('common.total', { total })}</span>
      <button type="button" className="ui-page" aria-label={t('table.previous')} disabled={page <= 1} onClick={() => onChange(page - 1, pageSize)}>
        <Icon of={LeftOutlined} />
      </button>
      {pagesToOffer(page, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap${i}`} className="ui-page-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={p === page ? 'ui-page ui-page-current' : 'ui-page'}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('table.page', { page: p })}
            onClick={() => onChange(p, pageSize)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className="ui-page" aria-label={t('table.next')} disabled={page >= pages} onClick={() => onChange(page + 1, pageSize)}>
        <Icon of={RightOutlined} />
      </button>
      <select className="ui-select ui-page-size" aria-label={t('table.pageSize')} value={pageSize} onChange={(event) => onChange(1, Number(event.target.value))}>
        {pageSizes.map((size) => (
          <option key={size} value={size}>
            {t('table.perPage', { size })}
          </option>
        ))}
      </select>
    </nav>
  );
}
