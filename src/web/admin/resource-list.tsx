import { useEffect, useState } from 'react';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Select, Table } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SorterResult, SortOrder, TableCurrentDataSource } from 'antd/es/table/interface.js';
import type { z } from 'zod';
import type { Page } from '../../shared/api.js';
import { api } from '../api/client.js';
import { BulkBar } from './bulk-bar.js';
import type { BulkActions, Chosen } from './bulk-bar.js';
import { downloadExport } from './download.js';
import { errorText } from './error-text.js';
import { useListStateInComponent, useListStateInUrl } from './list-state.js';
import type { ListQuery, ListShape, ListState } from './list-state.js';
import { SearchBox } from './search-box.js';
import { DateRangeFilter } from './date-range-filter.js';

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

/** Where a list keeps its page, keyword, filters and sort: the address, or the component alone (a dialog's list). */
export type ListStateIn = 'url' | 'component';

/** The page sizes a list offers; a list starts with the first. */
const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The query parameters a filter control sets: a date range two, a text filter any of its `names`. */
function paramsOf(filter: FilterDef): readonly string[] {
  if (filter.kind === 'dateRange') return [`${filter.name}From`, `${filter.name}To`];
  if (filter.kind === 'text') return filter.names ?? [filter.name];
  return [filter.name];
}

export interface ResourceListProps<T> {
  /** The entity listed: its name is the API's path, its query schema checks what the address says. */
  entity: { name: string; query: z.ZodType };
  columns: TableColumnsType<T>;
  filters?: FilterDef[];
  toolbar?: ReactNode;
  /** Offers the list as CSV, written by the server (`POST {entity}/Export`). */
  exportable?: boolean;
  /** The fields the list shows, asked for alone (`fields` in the query); every field without it. */
  fields?: readonly string[];
  defaultSort?: ListQuery['sort'];
  /**
   * Where the page, keyword, filters and sort are kept: the address (the default), so Back, a reload
   * and a shared link show the same list; or the component alone, for a list that is not the page's
   * own (in a dialog, or a second list on a screen), which must leave the address to the page.
   */
  stateIn?: ListStateIn;
  /** Rows can be ticked (or every matching row chosen) and acted on at once. */
  bulk?: BulkActions;
}

/**
 * One list screen for any resource: server paging and sorting, keyword and filters, loading, empty
 * and error states, CSV export of the filtered list.
 */
export function ResourceList<T extends { id: number }>(props: ResourceListProps<T>) {
  // Two components, so each calls its own hooks: a list kept in a component needs no router.
  return props.stateIn === 'component' ? <ListInComponent<T> {...props} /> : <ListInUrl<T> {...props} />;
}

function shapeOf<T>(props: ResourceListProps<T>): ListShape {
  return {
    schema: props.entity.query,
    filters: (props.filters ?? []).flatMap(paramsOf),
    sortFields: props.columns.flatMap((column) => ('sorter' in column && column.sorter ? [sortFieldOf(column)] : [])),
    defaultSort: props.defaultSort,
    pageSizes: PAGE_SIZES,
  };
}

/** The field a sortable column sorts by: its key, or its data index. */
const sortFieldOf = (column: { key?: Key; dataIndex?: unknown }) => String(column.key ?? column.dataIndex);

function ListInUrl<T extends { id: number }>(props: ResourceListProps<T>) {
  return <ListView<T> {...props} state={useListStateInUrl(shapeOf(props))} />;
}

function ListInComponent<T extends { id: number }>(props: ResourceListProps<T>) {
  return <ListView<T> {...props} state={useListStateInComponent(shapeOf(props))} />;
}

function ListView<T extends { id: number }>(props: ResourceListProps<T> & { state: ListState }) {
  const { t, i18n } = useTranslation('admin');
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [query, setQuery] = props.state;
  const entity = props.entity.name;
  const [exporting, setExporting] = useState(false);
  const [ticked, setTicked] = useState<number[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  // Another keyword or filter makes another list: what was chosen in the last one is not chosen in it.
  const listKey = JSON.stringify([query.keyword ?? null, query.filters ?? null]);
  useEffect(() => {
    setTicked([]);
    setAllMatching(false);
  }, [listKey]);
  const result = useQuery({
    queryKey: [entity, query],
    queryFn: () => api<Page<T>>(`${entity}/Query`, { body: props.fields ? { ...query, fields: props.fields } : query }),
    placeholderData: keepPreviousData,
  });

  /** Sets some filters (undefined, null or blank clears one) and goes back to the first page. */
  const setFilters = (values: Record<string, unknown>) =>
    setQuery((q) => {
      const filters = { ...(q.filters ?? {}) };
      for (const [name, value] of Object.entries(values)) {
        if (value === undefined || value === null || value === '') delete filters[name];
        else filters[name] = value;
      }
      return { ...q, page: 1, filters: Object.keys(filters).length ? filters : undefined };
    });
  const filterValue = (name: string) => query.filters?.[name];

  const onTableChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<T> | SorterResult<T>[], extra: TableCurrentDataSource<T>) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? String(single.columnKey ?? single.field) : undefined;
    setQuery((q) => ({
      ...q,
      // Another order makes another list: its third page would be anybody's guess.
      page: extra.action === 'sort' ? 1 : (pagination.current ?? 1),
      pageSize: pagination.pageSize ?? PAGE_SIZES[0],
      sort: field ? { field, order: single!.order === 'ascend' ? 'asc' : 'desc' } : props.defaultSort,
    }));
  };

  // The headers show the sort the list has, whichever way it got it (a click, Back, a shared link).
  const columns = props.columns.map((column) => {
    if (!('sorter' in column) || !column.sorter) return column;
    const field = sortFieldOf(column);
    const sortOrder: SortOrder = query.sort?.field === field ? (query.sort.order === 'asc' ? 'ascend' : 'descend') : null;
    if (props.defaultSort?.field !== field) return { ...column, sortOrder };
    // Unsorting the default column would sort it the default way again: it turns between its two orders instead.
    const first: SortOrder = props.defaultSort.order === 'asc' ? 'ascend' : 'descend';
    const second: SortOrder = first === 'ascend' ? 'descend' : 'ascend';
    return { ...column, sortOrder, sortDirections: [first, second, first] };
  });

  // The server writes every page of the list as it is filtered and sorted now, not just the shown page.
  const exportCsv = async () => {
    if (!props.exportable || exporting) return;
    setExporting(true);
    try {
      await downloadExport(entity, query, i18n.language);
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      setExporting(false);
    }
  };

  const total = result.data?.meta.total ?? 0;
  const pageIds = (result.data?.items ?? []).map((row) => row.id);
  const chosen: Chosen | null = allMatching
    ? { matching: { keyword: query.keyword, filters: query.filters }, total }
    : ticked.length
      ? { ids: ticked }
      : null;
  const rowSelection = props.bulk
    ? {
        selectedRowKeys: allMatching ? pageIds : ticked,
        preserveSelectedRowKeys: true,
        onChange: (keys: Key[]) => {
          setAllMatching(false);
          setTicked(keys.map(Number));
        },
      }
    : undefined;

  return (
    <div>
      <div className="admin-toolbar" role="search">
        <SearchBox
          label={t('common.keyword')}
          style={{ width: 240 }}
          value={query.keyword ?? ''}
          onSearch={(value) => setQuery((q) => ({ ...q, page: 1, keyword: value.trim() || undefined }))}
          enterButton={t('common.search')}
        />
        {props.filters?.map((filter) => {
          if (filter.kind === 'text') {
            const names = paramsOf(filter);
            const set = names.find((name) => filterValue(name) !== undefined);
            return (
              <SearchBox
                key={filter.name}
                label={filter.label}
                style={{ width: 200 }}
                value={set === undefined ? '' : String(filterValue(set))}
                onSearch={(value) => {
                  const text = value.trim();
                  const [name, picked] = !text ? [undefined, undefined] : filter.pick ? filter.pick(text) : [filter.name, text];
                  setFilters(Object.fromEntries(names.map((each) => [each, each === name ? picked : undefined])));
                }}
              />
            );
          }
          if (filter.kind === 'dateRange') {
            const [fromName, toName] = paramsOf(filter) as [string, string];
            return (
              <DateRangeFilter
                key={filter.name}
                label={filter.label}
                from={filterValue(fromName)}
                to={filterValue(toName)}
                onChange={(range) => setFilters({ [fromName]: range.from, [toName]: range.to })}
              />
            );
          }
          // A select shows the option the API's value came from (a flag's, say), or the value as it is.
          const value = filterValue(filter.name);
          const option = value === undefined ? undefined : filter.options?.find((o) => (filter.toValue ? filter.toValue(o.value) : o.value) === value);
          return (
            <Select
              key={filter.name}
              aria-label={filter.label}
              placeholder={filter.label}
              allowClear
              style={{ minWidth: 150 }}
              options={filter.options}
              value={option ? option.value : (value as string | number | undefined)}
              onChange={(chosen: string | number | undefined) => setFilters({ [filter.name]: chosen === undefined || !filter.toValue ? chosen : filter.toValue(chosen) })}
            />
          );
        })}
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
          action={<Button onClick={() => void queryClient.invalidateQueries({ queryKey: [entity] })}>{t('common.retry')}</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      {props.bulk && chosen && (
        <BulkBar
          entity={entity}
          actions={props.bulk}
          chosen={chosen}
          total={total}
          onChooseAll={() => setAllMatching(true)}
          onClear={() => {
            setAllMatching(false);
            setTicked([]);
          }}
          onExportAll={() => downloadExport(entity, query, i18n.language)}
        />
      )}
      <Table<T>
        rowKey="id"
        rowSelection={rowSelection}
        columns={columns}
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
          pageSizeOptions: [...PAGE_SIZES],
          showTotal: (total) => t('common.total', { total }),
        }}
      />
    </div>
  );
}
