import { sql } from 'kysely';
import { officeEntity } from '../../../shared/schemas/office.js';
import type { Office } from '../../../shared/schemas/office.js';
import { defineResource } from '../../crud/definition.js';
import type { Select } from '../../crud/definition.js';
import { conflict } from '../../http/errors.js';
import { nowIso } from '../../time.js';
import { openJobsScope } from './jobs.js';

/**
 * Offices (docs/decisions/0058): where jobs are, with a name, address and city in each language and
 * a country. Public like categories: the public site lists every office as a filter.
 */
export const officeResource = defineResource<Office>({
  entity: officeEntity,
  label: 'Office',
  table: 'offices',
  module: 'jobs',
  publicScope: (query) => query,
  baseSelect: (db, publicView, now) =>
    db
      .selectFrom('offices')
      .selectAll('offices')
      .select((eb) => {
        const jobs: Select = eb.selectFrom('jobs').select(eb.fn.countAll().as('n')).where(sql.ref('jobs.office_id'), '=', sql.ref('offices.id'));
        return (publicView ? openJobsScope(jobs, now ?? nowIso()) : jobs).as('job_count');
      }),
  // Every list of offices, the public filter's among them: by their order, then by name.
  defaultSort: [
    ['sortOrder', 'asc'],
    ['name', 'asc'],
  ],
  // Two filter entries of one name cannot be told apart, in either language (migration 0027).
  uniqueField: 'name',
  uniqueInEachLanguage: true,
  beforeDelete: async (db, id) => {
    const used = await db.selectFrom('jobs').select('id').where('office_id', '=', id).limit(1).executeTakeFirst();
    if (used) throw conflict('office-in-use', 'Office is still the office of some jobs (archived ones too); give them another office first');
  },
});
