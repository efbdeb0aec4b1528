import { registerImageUse, refersToImage, showsImage } from './uses.js';

/**
 * The news items and jobs that show a library image: a news item as its cover or in its text (the
 * rich-text editor's uploads), a job as its image or in its description or requirements.
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

registerImageUse({
  entity: 'Job',
  find: async (ctx, url) => {
    const rows = await ctx.db.kysely
      .selectFrom('jobs')
      .select(['id', 'title'])
      .where((eb) => eb.or([refersToImage('jobs.image_url', url), showsImage('jobs.description', url), showsImage('jobs.requirements', url)]))
      .orderBy('id')
      .limit(50)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), label: row.title }));
  },
});
