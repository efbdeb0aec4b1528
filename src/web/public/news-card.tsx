import { Link } from 'react-router';
import type { News } from '../../shared/schemas/news.js';
import type { Locale } from '../i18n/locale.js';
import { formatDate } from './format.js';

/** Each news item opens in the layout its editor chose. */
export const newsPath = (news: Pick<News, 'id' | 'template'>) => `/News/${news.template}?id=${news.id}`;

export function NewsItem({ news, locale, pinnedLabel }: { news: News; locale: Locale; pinnedLabel: string }) {
  return (
    <li>
      <h3>
        {news.isTop && <span className="badge">{pinnedLabel}</span>}
        <Link to={newsPath(news)}>{news.title}</Link>
      </h3>
      {news.summary && <p>{news.summary}</p>}
      <p className="meta">
        <time dateTime={news.publishedAt ?? undefined}>{formatDate(news.publishedAt, locale)}</time>
        {news.categoryName && <span>{news.categoryName}</span>}
      </p>
    </li>
  );
}
