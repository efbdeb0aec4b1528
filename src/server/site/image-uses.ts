import { holdsImageReference, registerImageUse } from '../media/uses.js';
import { readSiteSettings } from './repository.js';

/** The settings' image fields: a library image one of them shows is in use and kept from deletion. */
const IMAGE_FIELDS = ['logo', 'logoDark', 'favicon', 'shareImage', 'wechatQr'] as const;

registerImageUse({
  entity: 'SiteSettings',
  find: async (ctx, url) => {
    const settings = await readSiteSettings(ctx.db.kysely);
    return IMAGE_FIELDS.filter((field) => holdsImageReference(settings[field], url)).map((field) => ({ id: field, label: field }));
  },
});
