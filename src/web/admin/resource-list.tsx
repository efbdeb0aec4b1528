import { Suspense, lazy, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Page } from '../../shared/api.js';
import type { ModuleKey } from '../../shared/modules.js';
import { answeredEarly, api } from '../api/client.js';
import { earlyCall } from '../api/early-calls.js';
import type { EarlyCall } from '../api/early-calls.js';
import type { BulkActions, Chosen } from './bulk-bar.js';
import { downloadExport } from './download.js';
import { errorText } from './error-text.js';
import { readListQuery, useListStateInComponent, useListStateInUrl } from './list-state.js';
import type { ListQuery, ListShape, ListState } from './list-state.js';
import { SearchBox } from './search-box.js';
import { DateRangeFilter } from './date-range-filter.js';
import { Button, ErrorAlert, Select } from './ui/controls.js';
import { DataTable, sortFieldOf } from './ui/data-table.js';
import type { Column, SortOrder } from './ui/data-table.js';
import { useNotices } from './ui/notices.js';
import { useKept } from './use-kept.js';

// The bar comes with the first ticked row: its dialogs are antd's, which a list's first load does without.
const BulkBar = lazy(() => import('./bulk-bar.js'));

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
function paramsOf(filter: Pick<FilterDef, 'name' | 'kind' | 'names'>): readonly string[] {
  if (filter.kind === 'dateRange') return [`${filter.name}From`, `${filter.name}To`];
  if (filter.kind === 'text') return filter.names ?? [filter.name];
  return [filter.name];
}

export interface ResourceListProps<T> {
  /** The entity listed: its name is the API's path, its query schema checks what the address says. */
  entity: { name: string; query: z.ZodType };
  columns: Column<T>[];
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

/** What decides what a list asks the server for, without the screen's controls: its entity, filters, sorts and fields. */
export interface ListOutline {
  entity: { name: string; query: z.ZodType };
  /** The module the list needs: its query is sent early only for a user who holds it. */
  module: ModuleKey;
  filters?: readonly Pick<FilterDef, 'name' | 'kind' | 'names'>[];
  /** The fields its columns sort by. */
  sortFields?: readonly string[];
  defaultSort?: ListQuery['sort'];
  fields?: readonly string[];
}

function shapeOfOutline(outline: Omit<ListOutline, 'module'>): ListShape {
  return {
    schema: outline.entity.query,
    filters: (outline.filters ?? []).flatMap(paramsOf),
    sortFields: outline.sortFields ?? [],
    defaultSort: outline.defaultSort,
    pageSizes: PAGE_SIZES,
  };
}

function shapeOf<T>(props: ResourceListProps<T>): ListShape {
  return shapeOfOutline({ ...props, sortFields: props.columns.flatMap((column) => (column.sorter ? [sortFieldOf(column)] : [])) });
}

/** How long a page of a list just answered is shown without asking the server again. */
const JUST_ASKED_MS = 2_000;

/** The body of `POST {Entity}/Query` for a list's query. */
const listBody = (query: ListQuery, fields: readonly string[] | undefined) => (fields ? { ...query, fields } : query);

/**
 * The query a list kept in the address sends first at `url`, for a screen to name in its route's
 * `handle` so that the page sends it while it loads (api/early-calls.ts). The screen's test checks
 * that its outline and its list agree; where they do not, the list sends its own query, as always.
 */
export function firstListCall(outline: ListOutline, url: URL): EarlyCall {
  return earlyCall(`${outline.entity.name}/Query`, { body: listBody(readListQuery(url.searchParams, shapeOfOutline(outline)), outline.fields), module: outline.module });
}

function ListInUrl<T extends { id: number }>(props: ResourceListProps<T>) {
  return <ListView<T> {...props} state={useListStateInUrl(shapeOf(props))} />;
}

function ListInComponent<T extends { id: number }>(props: ResourceListProps<T>) {
  return <ListView<T> {...props} state={useListStateInComponent(shapeOf(props))} />;
}

function ListView<T extends { id: number }>(props: ResourceListProps<T> & { state: ListState }) {
  const { t, i18n } = useTranslation('admin');
  const notices = useNotices();
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
  const body = listBody(query, props.fields);
  const rows = {
    queryKey: [entity, query],
    queryFn: () => api<Page<T>>(`${entity}/Query`, { body }),
    // The page may already hold the answer (it asked while it loaded): the list's first render draws it.
    initialData: () => answeredEarly<Page<T>>(`${entity}/Query`, { body }),
    // A page the page itself asked for while it loaded (api/early-calls.ts) is answered at once, before
    // the list below is drawn: fresh for this long, the list takes it rather than asking again.
    staleTime: JUST_ASKED_MS,
  };
  // Asked for while the screen is still being drawn, not once it is: on a first load that is the
  // drawing of the frame and the list earlier (docs/decisions/0065).
  usePrefetchQuery(rows);
  const result = useQuery({ ...rows, placeholderData: keepPreviousData });

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

  /**
   * A header's click: a column not sorted by sorts ascending, then descending, then the list's own
   * way again; the column the list sorts by by default turns between its two orders instead, since
   * unsorting it would sort it the default way again. Another order makes another list: its third
   * page would be anybody's guess, so it starts at the first.
   */
  const onSort = (field: string) =>
    setQuery((q) => {
      const current = q.sort?.field === field ? q.sort.order : undefined;
      const flip = (order: SortOrder): SortOrder => (order === 'asc' ? 'desc' : 'asc');
      const sort =
        props.defaultSort?.field === field
          ? { field, order: current === props.defaultSort.order ? flip(current) : props.defaultSort.order }
          : current === undefined
            ? { field, order: 'asc' as const }
            : current === 'asc'
              ? { field, order: 'desc' as const }
              : props.defaultSort;
      return { ...q, page: 1, sort };
    });

  // The server writes every page of the list as it is filtered and sorted now, not just the shown page.
  const exportCsv = async () => {
    if (!props.exportable || exporting) return;
    setExporting(true);
    try {
      await downloadExport(entity, query, i18n.language);
    } catch (error) {
      notices.error(errorText(error, t));
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
  // The bulk bar is loaded with the first ticked row and kept from then on (see `ScopedBulkBar`).
  const bulkLoaded = useKept(chosen ? true : null) !== null;
  const selection = props.bulk
    ? {
        selected: allMatching ? pageIds : ticked,
        onChange: (ids: number[]) => {
          setAllMatching(false);
          setTicked(ids);
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
              label={filter.label}
              options={filter.options ?? []}
              value={option ? option.value : (value as string | number | undefined)}
              onChange={(chosen) => setFilters({ [filter.name]: chosen === undefined || !filter.toValue ? chosen : filter.toValue(chosen) })}
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
        <ErrorAlert
          message={t('shell.loadFailed', { message: errorText(result.error, t) })}
          action={<Button onClick={() => void queryClient.invalidateQueries({ queryKey: [entity] })}>{t('common.retry')}</Button>}
        />
      )}
      {props.bulk && (chosen || bulkLoaded) && (
        <Suspense fallback={<div className="bulk-bar" aria-busy="true">{t('bulk.loading')}</div>}>
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
        </Suspense>
      )}
      <DataTable<T>
        columns={props.columns}
        rows={result.data?.items ?? []}
        loading={result.isFetching}
        waiting={result.isPending}
        // A failed load says so above; "nothing here" would be a false answer.
        emptyText={result.error ? '' : t('common.empty')}
        sort={query.sort}
        onSort={onSort}
        selection={selection}
        pagination={{
          page: query.page,
          pageSize: query.pageSize,
          total,
          pageSizes: PAGE_SIZES,
          onChange: (page, pageSize) => setQuery((q) => ({ ...q, page, pageSize })),
        }}
      />
    </div>
  );
}
