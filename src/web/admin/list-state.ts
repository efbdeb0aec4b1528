import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/**
 * Where a list keeps what it shows (docs/decisions/0049): its page, page size, keyword, filters and
 * sort live in the address's query string, so Back, a reload and a copied link all show the same
 * view. Only what differs from a fresh list is written; what is read back is what the entity's query
 * schema accepts, and anything else (an unknown name, a value out of range) is the default.
 */

/** What a list asks the server for: the body of `POST {Entity}/Query`. */
export interface ListQuery {
  page: number;
  pageSize: number;
  keyword?: string;
  filters?: Record<string, unknown>;
  sort?: { field: string; order: 'asc' | 'desc' };
}

/** What a list may be set to, and what it starts as. */
export interface ListShape {
  /** The entity's query schema (`defineEntity`'s `query`): a value it refuses is never read back. */
  schema: z.ZodType;
  /** The filters the screen offers a control for: no other is read back, as none could be cleared. */
  filters?: readonly string[];
  /** The fields the screen can sort by (its sortable columns): no other is read back. */
  sortFields?: readonly string[];
  defaultSort?: ListQuery['sort'];
  /** The page sizes offered, the first where a list starts. */
  pageSizes: readonly number[];
}

/** The parameters a list writes besides its filters, which go by their own names. */
export const LIST_PARAMS = ['keyword', 'sort', 'order', 'page', 'pageSize'] as const;

/** A page or a page size as written: digits only (`1e3` and `2.0` are not written by a list). */
const wholeNumber = (text: string | null) => (text !== null && /^\d{1,9}$/.test(text) ? Number(text) : undefined);

/** The address holds text: the filter's schema says whether it stands for a number, a flag or the text itself. */
function readingsOf(text: string): unknown[] {
  const typed: unknown[] = [];
  if (/^-?\d+(\.\d+)?$/.test(text)) typed.push(Number(text));
  if (text === 'true' || text === 'false') typed.push(text === 'true');
  return [...typed, text];
}

const sameSort = (a: ListQuery['sort'], b: ListQuery['sort']) => a?.field === b?.field && a?.order === b?.order;

/** The list a query string describes; each part the schema refuses is left at its default. */
export function readListQuery(params: URLSearchParams, shape: ListShape): ListQuery {
  // Each part is checked alone, so one bad value does not cost the others.
  const accepted = (part: Partial<Record<keyof ListQuery, unknown>>) => {
    const result = shape.schema.safeParse(part);
    return result.success ? (result.data as Partial<ListQuery>) : undefined;
  };
  const page = wholeNumber(params.get('page'));
  const pageSize = wholeNumber(params.get('pageSize'));
  const query: ListQuery = {
    page: page !== undefined && page > 1 && accepted({ page }) ? page : 1,
    pageSize: pageSize !== undefined && shape.pageSizes.includes(pageSize) && accepted({ pageSize }) ? pageSize : shape.pageSizes[0]!,
  };

  const keyword = params.get('keyword');
  const searched = keyword === null ? undefined : accepted({ keyword })?.keyword;
  if (searched) query.keyword = searched;

  const filters: Record<string, unknown> = {};
  for (const name of shape.filters ?? []) {
    const text = params.get(name);
    if (text === null || text === '') continue;
    for (const reading of readingsOf(text)) {
      const value = accepted({ filters: { [name]: reading } })?.filters?.[name];
      if (value !== undefined) {
        filters[name] = value;
        break;
      }
    }
  }
  if (Object.keys(filters).length) query.filters = filters;

  const field = params.get('sort');
  const order = params.get('order');
  const sort = field !== null && shape.sortFields?.includes(field) ? accepted({ sort: { field, ...(order === null ? {} : { order }) } })?.sort : undefined;
  const chosen = sort ?? shape.defaultSort;
  if (chosen) query.sort = chosen;
  return query;
}

/**
 * The query string of `base` describing `query`: the list's own parameters replaced, any other kept,
 * and only what differs from a fresh list written, so a fresh list has a clean address.
 */
export function writeListQuery(query: ListQuery, shape: ListShape, base: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of [...LIST_PARAMS, ...(shape.filters ?? [])]) params.delete(name);
  if (query.keyword) params.set('keyword', query.keyword);
  for (const name of shape.filters ?? []) {
    const value = query.filters?.[name];
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  if (query.sort && !sameSort(query.sort, shape.defaultSort)) {
    params.set('sort', query.sort.field);
    params.set('order', query.sort.order);
  }
  if (query.page > 1) params.set('page', String(query.page));
  if (query.pageSize !== shape.pageSizes[0]) params.set('pageSize', String(query.pageSize));
  return params;
}

/** A list's query and how to change it; a change is given the list as it is now. */
export type ListState = [ListQuery, (change: (query: ListQuery) => ListQuery) => void];

/**
 * A list kept in the page's address (React Router's search params). A change replaces the history
 * entry rather than adding one: Back leaves the list for the screen before it, and returning to the
 * list with Back shows it as it was left (docs/decisions/0049).
 */
export function useListStateInUrl(shape: ListShape): ListState {
  const [params, setParams] = useSearchParams();
  return [
    readListQuery(params, shape),
    (change) =>
      setParams((current) => writeListQuery(change(readListQuery(current, shape)), shape, current), {
        replace: true,
        // The list changes in place; the page stays where the reader is (at the pager, say).
        preventScrollReset: true,
      }),
  ];
}

/**
 * A list kept by its component alone, for a list that is not the page's own (one in a dialog, or the
 * second of a screen's lists): it leaves the address alone and starts fresh each time it opens. It is
 * read and written like an address, so it behaves exactly as a list in the address does.
 */
export function useListStateInComponent(shape: ListShape): ListState {
  const [params, setParams] = useState(() => new URLSearchParams());
  return [readListQuery(params, shape), (change) => setParams((current) => writeListQuery(change(readListQuery(current, shape)), shape, current))];
}
