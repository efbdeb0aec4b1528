import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, DatePicker, Input, Select, Table } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface.js';
import type { Dayjs } from 'dayjs';
import type { Page } from '../../shared/api.js';
import { api } from '../api/client.js';
import { downloadExport } from './download.js';
import { errorText } from './error-text.js';

export interface FilterDef {
  name: string;
  label: string;
  options?: { value: string | number; label: string }[];
  /** A date range sets `{name}From` and `{name}To`; a text filter sets the filter `pick` chooses. */
  kind?: 'select' | 'dateRange' | 'text';
  /** A text filter: which of its filters the text sets, and to what (digits as an id, a name otherwise, say). */
  pick?: (text: string) => [string, unknown];
  /** A text filter: every filter it may set, cleared before it sets one. */
  names?: readonly string[];
  /** Turns the chosen option into the API's value (a flag into a boolean, say). */
  toValue?: (value: string | number) => unknown;
}

export interface ListQuery {
  page: number;
  pageSize: number;
  keyword?: string;
  filters?: Record<string, unknown>;
  sort?: { field: string; order: 'asc' | 'desc' };
}

/**
 * One list screen for any resource: server paging and sorting, keyword and filters, loading, empty
 * and error states, CSV export of the filtered list.
 */
export function ResourceList<T extends { id: number }>(props: {
  entity: string;
  columns: TableColumnsType<T>;
  filters?: FilterDef[];
  toolbar?: ReactNode;
  /** Offers the list as CSV, written by the server (`POST {entity}/Export`). */
  exportable?: boolean;
  /** The fields the list shows, asked for alone (`fields` in the query); every field without it. */
  fields?: readonly string[];
  defaultSort?: ListQuery['sort'];
}) {
  const { t, i18n } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [keywordInput, setKeywordInput] = useState('');
  const [query, setQuery] = useState<ListQuery>({ page: 1, pageSize: 10, ...(props.defaultSort ? { sort: props.defaultSort } : {}) });
  const [exporting, setExporting] = useState(false);
  const result = useQuery({
    queryKey: [props.entity, query],
    queryFn: () => api<Page<T>>(`${props.entity}/Query`, { body: props.fields ? { ...query, fields: props.fields } : query }),
    placeholderData: keepPreviousData,
  });

  const setFilter = (name: string, value: unknown) =>
    setQuery((q) => {
      const filters = { ...(q.filters ?? {}) };
      if (value === undefined || value === null || value === '') delete filters[name];
      else filters[name] = value;
      return { ...q, page: 1, filters: Object.keys(filters).length ? filters : undefined };
    });

  const onTableChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<T> | SorterResult<T>[]) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? String(single.columnKey ?? single.field) : undefined;
    setQuery((q) => ({
      ...q,
      page: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? 10,
      sort: field ? { field, order: single!.order === 'ascend' ? 'asc' : 'desc' } : props.defaultSort,
    }));
  };

  // The server writes every page of the list as it is filtered and sorted now, not just the shown page.
  const exportCsv = async () => {
    if (!props.exportable || exporting) return;
    setExporting(true);
    try {
      await downloadExport(props.entity, query, i18n.language);
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div>
      <div className="admin-toolbar" role="search">
        <Input.Search
          aria-label={t('common.keyword')}
          placeholder={t('common.keyword')}
          allowClear
          style={{ width: 240 }}
          value={keywordInput}
          onChange={(e) => setKeywordInput(e.target.value)}
          onSearch={(value) => setQuery((q) => ({ ...q, page: 1, keyword: value.trim() || undefined }))}
          enterButton={t('common.search')}
        />
        {props.filters?.map((filter) =>
          filter.kind === 'text' ? (
            <Input.Search
              key={filter.name}
              aria-label={filter.label}
              placeholder={filter.label}
              allowClear
              style={{ width: 200 }}
              onSearch={(value) =>
                setQuery((q) => {
                  const filters = { ...(q.filters ?? {}) };
                  for (const name of filter.names ?? [filter.name]) delete filters[name];
                  const text = value.trim();
                  if (text) {
                    const [name, picked] = filter.pick ? filter.pick(text) : [filter.name, text];
                    filters[name] = picked;
                  }
                  return { ...q, page: 1, filters: Object.keys(filters).length ? filters : undefined };
                })
              }
            />
          ) : filter.kind === 'dateRange' ? (
            <DatePicker.RangePicker
              key={filter.name}
              aria-label={filter.label}
              onChange={(range: [Dayjs | null, Dayjs | null] | null) => {
                setFilter(`${filter.name}From`, range?.[0]?.startOf('day').toISOString());
                setFilter(`${filter.name}To`, range?.[1]?.endOf('day').toISOString());
              }}
            />
          ) : (
            <Select
              key={filter.name}
              aria-label={filter.label}
              placeholder={filter.label}
              allowClear
              style={{ minWidth: 150 }}
              options={filter.options}
              onChange={(value: string | number | undefined) => setFilter(filter.name, value === undefined || !filter.toValue ? value : filter.toValue(value))}
            />
          ),
        )}
        <span className="grow" />
        {props.exportable && (
          <Button onClick={exportCsv} loading={exporting}>
            {exporting ? t('common.exporting') : t('common.exportCsv')}
          </Button>
        )}
        {props.toolbar}
      </div>
      {result.error && (
        <Alert
          type="error"
          showIcon
          message={t('shell.loadFailed', { message: errorText(result.error, t) })}
          action={<Button onClick={() => void queryClient.invalidateQueries({ queryKey: [props.entity] })}>{t('common.retry')}</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      <Table<T>
        rowKey="id"
        columns={props.columns}
        dataSource={result.data?.items ?? []}
        loading={result.isFetching}
        // A failed load says so above; "nothing here" would be a false answer.
        locale={{ emptyText: result.error ? '' : t('common.empty') }}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.page,
          pageSize: query.pageSize,
          total: result.data?.meta.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => t('common.total', { total }),
        }}
      />
    </div>
  );
}
