import type { ResourceDef } from '../crud/definition.js';
import { jobCategoryResource, newsCategoryResource } from './content/categories.js';
import { jobResource } from './content/jobs.js';
import { newsResource } from './content/news.js';
import { officeResource } from './content/offices.js';

/**
 * The resources the generic routes serve whole (query, read, create, update, delete): adding a plain
 * entity means adding its resource here (docs/adding-an-entity.md). Resources with calls of their own
 * (applications, inquiries, users) register their routes beside them.
 */
export const plainResources: ResourceDef<unknown>[] = [newsCategoryResource, newsResource, jobCategoryResource, officeResource, jobResource];
