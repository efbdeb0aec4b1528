import { Link } from 'react-router';
import type { News, PublicNews } from '../../shared/schemas/news.js';
import type { Locale } from '../../shared/locale.js';
import { newsDetailPath } from '../../shared/paths.js';
import { useLocalePath } from './copy.js';
import { formatDate } from './format.js';
import { Picture } from './picture.js';
import { InLanguage } from './in-language.js';

/** What a list of news shows of each item: lists ask for these fields only (`fields` in the query). */
export const NEWS_CARD_FIELDS = ['title', 'summary', 'template', 'isTop', 'publishedAt', 'categoryName', 'coverUrl', 'locale', 'categoryNameLocale'] as const;
export type NewsCard = Pick<PublicNews, 'id' | (typeof NEWS_CARD_FIELDS)[number]>;

/** Each news item opens in the layout its editor chose. */
export const newsPath = (news: Pick<News, 'id' | 'template'>) => newsDetailPath(news.template, news.id);

/** How wide a list's cover is drawn: beside the text, or above it on a phone. */
const COVER_WIDTH = 200;
const COVER_SIZES = `(max-width: 640px) 100vw, ${COVER_WIDTH}px`;

/**
 * One news item of a list, with its cover beside it when it has one. The cover is decorative (the
 * title beside it says what it is about), so its alt text is empty.
 */
export function NewsItem({ news, locale, pinnedLabel }: { news: NewsCard; locale: Locale; pinnedLabel: string }) {
  const to = useLocalePath();
  const text = (
    <>
      <h3>
        {news.isTop && <span className="badge">{pinnedLabel}</span>}
        <Link to={to(newsPath(news))}>
          <InLanguage lang={news.locale}>{news.title}</InLanguage>
        </Link>
      </h3>
      {news.summary && (
        <p>
          <InLanguage lang={news.locale}>{news.summary}</InLanguage>
        </p>
      )}
      <p className="meta">
        <time dateTime={news.publishedAt ?? undefined}>{formatDate(news.publishedAt, locale)}</time>
        {news.categoryName && (
          <span>
            <InLanguage lang={news.categoryNameLocale}>{news.categoryName}</InLanguage>
          </span>
        )}
      </p>
    </>
  );
  if (!news.coverUrl) return <li>{text}</li>;
  return (
    <li style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
      <Link to={to(newsPath(news))} tabIndex={-1} aria-hidden="true" style={{ flex: `0 1 ${COVER_WIDTH}px` }}>
        <Picture src={news.coverUrl} alt="" sizes={COVER_SIZES} width={COVER_WIDTH} height={Math.round((COVER_WIDTH * 9) / 16)} style={{ display: 'block', borderRadius: 6 }} />
      </Link>
      <div style={{ flex: '1 1 240px', minWidth: 0 }}>{text}</div>
    </li>
  );
}
