import { holdsImageReference, registerImageUse } from '../media/uses.js';
import { imagesOf } from '../../shared/schemas/page.js';
import { allPageVersions } from './repository.js';

/**
 * A library image that a page's draft or published version shows (an image field, or an `<img>`
 * in its rich text) is in use and kept from deletion.
 */
registerImageUse({
  entity: 'SitePage',
  find: async (ctx, url) => {
    const pages = await allPageVersions(ctx.db.kysely);
    return pages
      .filter(({ versions }) =>
        versions.some(
          (content) =>
            imagesOf(content.blocks).some((image) => holdsImageReference(image, url)) ||
            content.blocks.some((block) => block.type === 'richText' && Object.values(block.html).some((html) => html.includes(`"${url}"`) || html.includes(`"${url}#`))),
        ),
      )
      .map(({ key }) => ({ id: key, label: key }));
  },
});
