import { useTranslation } from 'react-i18next';
import { Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs, MetaFunction } from 'react-router';
import type { Page } from '../../../../shared/api.js';
import type { PublicCategory } from '../../../../shared/schemas/category.js';
import { PUBLIC_PATHS, newsCategoryPath } from '../../../../shared/paths.js';
import { copyOf, pageMeta, serverContext, useLocalePath, usePublicCopy, useRootData } from '../../../public/copy.js';
import { NEWS_CARD_FIELDS, NewsItem } from '../../../public/news-card.js';
import type { NewsCard } from '../../../public/news-card.js';
import { Pager, idParam, pageParam } from '../../../public/pager.js';
import { InLanguage } from '../../../public/in-language.js';
import { pageLocaleOf } from '../../../public/page-data.server.js';

const PAGE_SIZE = 10;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = serverContext(context);
  const url = new URL(request.url);
  const categoryId = idParam(url, 'category');
  const locale = pageLocaleOf(request);
  const [categories, news] = await Promise.all([
    api<Page<PublicCategory>>('POST', 'NewsCategory/Query', { pageSize: 100, fields: ['name', 'locale'], locale }),
    api<Page<NewsCard>>('POST', 'News/Query', {
      locale,
      fields: NEWS_CARD_FIELDS,
      page: pageParam(url),
      pageSize: PAGE_SIZE,
      ...(categoryId ? { filters: { categoryId } } : {}),
    }),
  ]);
  return {
    categories: categories.data?.items ?? [],
    news: news.data ?? { items: [], meta: { page: 1, pageSize: PAGE_SIZE, total: 0 } },
    categoryId,
  };
}

export const meta: MetaFunction = ({ matches, location }) => {
  const copy = copyOf(matches);
  return pageMeta(matches, location, { title: copy.news.title, description: copy.news.description, keepQuery: ['category', 'page'] });
};

export default function NewsList() {
  const { categories, news, categoryId } = useLoaderData<typeof loader>();
  const copy = usePublicCopy();
  const { t } = useTranslation('public');
  const { locale } = useRootData();
  const to = useLocalePath();
  return (
    <main className="container">
      <h1>{copy.news.title}</h1>
      <ul className="tabs">
        <li>
          <Link to={to(PUBLIC_PATHS.news)} aria-current={categoryId === null ? 'page' : undefined}>
            {copy.news.all}
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <Link to={to(newsCategoryPath(category.id))} aria-current={categoryId === category.id ? 'page' : undefined}>
              <InLanguage lang={category.locale}>{category.name}</InLanguage>
            </Link>
          </li>
        ))}
      </ul>
      {news.items.length ? (
        <ul className="list">
          {news.items.map((item) => (
            <NewsItem key={item.id} news={item} locale={locale} pinnedLabel={t('news.pinned')} />
          ))}
        </ul>
      ) : (
        <p>{copy.news.empty}</p>
      )}
      <Pager meta={news.meta} />
    </main>
  );
}
