import { useTranslation } from 'react-i18next';
import { copyLink } from './copy-link.js';

/**
 * Share links that need no third-party script, and a copy-link button. On a server-rendered page
 * the islands script handles the button; inside the back-office app, its own click handler does.
 */
export function Share({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('public');
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return (
    <div className="share">
      <span>{t('news.share')}:</span>
      <a href={`https://service.weibo.com/share/share.php?url=${u}&title=${text}`} target="_blank" rel="noopener noreferrer">
        {t('news.shareWeibo')}
      </a>
      <a href={`https://www.linkedin.com/sharing/share-offsite/?url=${u}`} target="_blank" rel="noopener noreferrer">
        {t('news.shareLinkedIn')}
      </a>
      <a href={`mailto:?subject=${text}&body=${u}`}>{t('news.shareEmail')}</a>
      <button
        type="button"
        className="button secondary"
        data-copy-link={url}
        data-copied={t('news.copied')}
        onClick={(event) => {
          // On a server-rendered page this handler is never attached; the islands script's is.
          copyLink(event.currentTarget);
        }}
      >
        {t('news.copyLink')}
      </button>
    </div>
  );
}
