import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Space, Tag } from 'antd';
import type { News } from '../../../../shared/schemas/news.js';
import { ADMIN_PATHS, newsDetailPath, newsEditPath } from '../../../../shared/paths.js';
import { api } from '../../../api/client.js';
import { errorText } from '../../../admin/error-text.js';
import { useCanWrite } from '../../../admin/session-context.js';
import { formatTime } from '../../../admin/time.js';

/**
 * The article as the public will see it: its sanitised HTML in the order its chosen layout uses,
 * and for a published item, on request, its public page itself (in a frame, so nothing can differ).
 */
export default function NewsView() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const writable = useCanWrite('news');
  const query = useQuery({ queryKey: ['News', 'one', id], queryFn: () => api<News>(`News/${id}`, { method: 'GET' }), enabled: id > 0 });
  if (!(id > 0) || query.error) {
    // Without an id there is nothing to load: say so in words, not with the parameter's name.
    const message = query.error ? t('shell.loadFailed', { message: errorText(query.error, t) }) : t('shell.missingId');
    return <Alert type="error" showIcon message={message} action={<Link to={ADMIN_PATHS.newsList}>{t('common.back')}</Link>} />;
  }
  const news = query.data;
  if (!news) return <Skeleton active />;
  const publicPath = newsDetailPath(news.template, news.id);
  const preview = (
    <article className={`news-preview news-preview-${news.template}`}>
      {news.template === 'details-three' && news.categoryName && <p className="news-preview-kicker">{news.categoryName}</p>}
      <h1>{news.title}</h1>
      {news.template !== 'detail' && news.summary && <p className="news-preview-lead">{news.summary}</p>}
      <p>
        <Tag color={news.status === 'published' ? 'green' : 'default'}>{t(`news.statuses.${news.status}`)}</Tag>
        {news.isTop && <Tag color="gold">{t('news.isTop')}</Tag>}
        {news.categoryName} · {formatTime(news.publishedAt)} · {news.author || '—'} · {t(`news.templates.${news.template}`)}
      </p>
      {news.coverUrl && <img src={news.coverUrl} alt={t('news.cover')} width={780} height={400} style={{ objectFit: 'cover' }} />}
      {news.template === 'detail' && news.summary && <p className="news-preview-lead">{news.summary}</p>}
      <div className="news-preview-body" dangerouslySetInnerHTML={{ __html: news.content }} />
    </article>
  );
  return (
    <div className="admin-article">
      <Space style={{ marginBottom: 16 }} wrap>
        <Link to={ADMIN_PATHS.newsList}>← {t('common.back')}</Link>
        {writable && <Link to={newsEditPath(news.id)}>{t('common.edit')}</Link>}
        {news.status === 'published' && (
          <a href={publicPath} target="_blank" rel="noreferrer">
            {t('shell.site')}
          </a>
        )}
      </Space>
      {news.status === 'published' ? (
        <>
          {/* The public page opens in a tab of its own: no page of Portico may be framed, and each
              showing of it counts as a public view, so it opens only when asked for. */}
          <p>
            <a href={publicPath} target="_blank" rel="noreferrer" className="news-public-link">
              {t('news.publicPage')} ↗
            </a>
          </p>
          {preview}
        </>
      ) : (
        <>
          <Alert type="info" showIcon message={t('news.draftNotice')} style={{ marginBottom: 16 }} />
          {preview}
        </>
      )}
    </div>
  );
}
