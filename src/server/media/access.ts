import type { ModuleKey } from '../../shared/modules.js';

/**
 * Who may do what in the media library (docs/decisions/0032): staff who edit public content upload,
 * list and describe images (alt text) for it; deleting one, which affects every page, is the site
 * module's.
 */
export const MEDIA_UPLOAD_MODULES: readonly ModuleKey[] = ['news', 'jobs', 'site'];
export const MEDIA_DELETE_MODULE: ModuleKey = 'site';
