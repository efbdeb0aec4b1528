import { describe, expect, it } from 'vitest';
import { jobApplicationEntity } from '../../shared/schemas/job-application.js';
import { jobEntity } from '../../shared/schemas/job.js';
import { readListQuery, writeListQuery } from './list-state.js';
import type { ListShape } from './list-state.js';

const applications: ListShape = {
  schema: jobApplicationEntity.query,
  filters: ['jobId', 'statusId', 'createdFrom', 'createdTo'],
  sortFields: ['name', 'statusId', 'createdAt'],
  defaultSort: { field: 'createdAt', order: 'desc' },
  pageSizes: [10, 20, 50, 100],
};
const read = (search: string, shape = applications) => readListQuery(new URLSearchParams(search), shape);
const written = (query: Parameters<typeof writeListQuery>[0], base = '', shape = applications) => writeListQuery(query, shape, new URLSearchParams(base)).toString();

describe('a list in the address', () => {
  it('starts fresh from a clean address, and writes nothing for a fresh list', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 10, sort: { field: 'createdAt', order: 'desc' } });
    expect(written(read(''))).toBe('');
    // A value equal to the default is no different from none.
    expect(written({ page: 1, pageSize: 10, sort: { field: 'createdAt', order: 'desc' }, filters: {} })).toBe('');
  });

  it('reads back everything it writes, filters typed as the API takes them', () => {
    const query = {
      page: 3,
      pageSize: 50,
      keyword: 'harbour pilot',
      filters: { jobId: 7, statusId: 4, createdFrom: '2026-11-01T00:00:00.000Z' },
      sort: { field: 'name', order: 'asc' as const },
    };
    const search = written(query);
    expect(search).toBe('keyword=harbour+pilot&jobId=7&statusId=4&createdFrom=2026-11-01T00%3A00%3A00.000Z&sort=name&order=asc&page=3&pageSize=50');
    expect(read(search)).toEqual(query);
  });

  it('reads a flag as a flag and an enum as its text', () => {
    const jobs: ListShape = { schema: jobEntity.query, filters: ['status', 'archived'], sortFields: ['title'], pageSizes: [10, 20] };
    expect(read('status=open&archived=false', jobs).filters).toEqual({ status: 'open', archived: false });
    expect(written({ page: 1, pageSize: 10, filters: { archived: true } }, '', jobs)).toBe('archived=true');
  });

  it('leaves every value the schema or the screen refuses at its default, the others kept', () => {
    expect(read('page=0&pageSize=37&statusId=9&jobId=abc&createdFrom=yesterday&sort=resumeUrl&order=asc&keyword=ok')).toEqual({
      page: 1,
      pageSize: 10,
      keyword: 'ok',
      sort: { field: 'createdAt', order: 'desc' },
    });
    expect(read('page=-2&pageSize=1e3&sort=name&order=sideways').page).toBe(1);
    expect(read('sort=name&order=sideways').sort).toEqual({ field: 'createdAt', order: 'desc' });
    // A field the entity sorts by but the screen does not offer: nothing on screen could undo it.
    expect(read('sort=updatedAt&order=asc').sort).toEqual({ field: 'createdAt', order: 'desc' });
    // A filter the entity has but the screen offers no control for, and one nobody has.
    expect(read('statusId=2&anything=1', { ...applications, filters: ['jobId'] }).filters).toBeUndefined();
    expect(read(`keyword=${'x'.repeat(201)}`).keyword).toBeUndefined();
    expect(read('keyword=%20%20').keyword).toBeUndefined();
  });

  it('keeps parameters that are not the list\'s and replaces its own', () => {
    expect(written({ page: 2, pageSize: 10 }, 'tab=open&page=5&statusId=3')).toBe('tab=open&page=2');
  });
});
