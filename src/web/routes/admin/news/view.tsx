import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Skeleton, Space, Tag } from 'antd';
import type { News } from '../../../../shared/schemas/news.js';
import { api } from '../../../api/client.js';
import { formatTime } from '../../../admin/status.js';

/** The article as the public will see it (the same sanitised HTML), with a link to its public page. */
export default function NewsView() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const query = useQuery({ queryKey: ['News', 'one', id], queryFn: () => api<News>(`News/${id}`, { method: 'GET' }), enabled: id > 0 });
  if (!(id > 0) || query.error) return <Alert type="error" showIcon message={t('shell.loadFailed', { message: (query.error as Error | null)?.message ?? 'id' })} />;
  const news = query.data;
  if (!news) return <Skeleton active />;
  return (
    <div className="admin-article">
      <Space style={{ marginBottom: 16 }} wrap>
        <Link to="/NewsManagement/list-news">← {t('common.back')}</Link>
        <Link to={`/NewsManagement/modify-news?id=${news.id}`}>{t('common.edit')}</Link>
        {news.status === 'published' && (
          <a href={`/News/${news.template}?id=${news.id}`} target="_blank" rel="noreferrer">
            {t('shell.site')}
          </a>
        )}
      </Space>
      <article>
        <h1>{news.title}</h1>
        <p>
          <Tag color={news.status === 'published' ? 'green' : 'default'}>{t(`news.statuses.${news.status}`)}</Tag>
          {news.isTop && <Tag color="gold">{t('news.isTop')}</Tag>}
          {news.categoryName} · {formatTime(news.publishedAt)} · {news.author} · {t(`news.templates.${news.template}`)}
        </p>
        {news.coverUrl && <img src={news.coverUrl} alt="" width={780} height={400} style={{ objectFit: 'cover' }} />}
        {news.summary && <p><em>{news.summary}</em></p>}
        <div dangerouslySetInnerHTML={{ __html: news.content }} />
      </article>
    </div>
  );
}
