import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEntity, editorField } from './entity.js';
import { jobEntity } from './schemas/job.js';
import { newsEntity } from './schemas/news.js';
import { siteSettingsEntity } from './schemas/site.js';

describe('staff-only fields of an entity', () => {
  const record = z.object({ id: z.number(), title: z.string(), updatedBy: editorField });

  it('answers visitors a record without them', () => {
    const entity = defineEntity({ name: 'Thing', record, filters: {}, sort: ['id'] as const, search: [], staffOnly: ['updatedBy'] });
    expect(Object.keys(entity.publicRecord.shape)).toEqual(['id', 'title']);
  });

  it('refuses a record naming who saved it unless that is staff only', () => {
    expect(() => defineEntity({ name: 'Thing', record, filters: {}, sort: ['id'] as const, search: [] })).toThrow(/updatedBy/);
    expect(() => defineEntity({ name: 'Thing', record, filters: {}, sort: ['id'] as const, search: [], staffOnly: ['title'] })).toThrow(/updatedBy/);
  });

  it('keeps who saved news, jobs and the site settings for staff alone', () => {
    for (const entity of [newsEntity, jobEntity, siteSettingsEntity]) {
      expect(entity.record.shape).toHaveProperty('updatedBy');
      expect(entity.publicRecord.shape).not.toHaveProperty('updatedBy');
    }
  });
});
