import { registerImageUse, refersToImage, showsImage } from './uses.js';

/**
 * The news items that show a library image: as their cover, or in their text (the rich-text
 * editor's uploads). Jobs have no image field.
 */
registerImageUse({
  entity: 'News',
  find: async (ctx, url) => {
    const rows = await ctx.db.kysely
      .selectFrom('news')
      .select(['id', 'title'])
      .where((eb) => eb.or([refersToImage('news.cover_url', url), showsImage('news.content', url)]))
      .orderBy('id')
      .limit(50)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), label: row.title }));
  },
});
