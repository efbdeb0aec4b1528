import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Share links that need no third-party script, and a copy-link button. */
export function Share({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('public');
  const [copied, setCopied] = useState(false);
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
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(() => setCopied(true));
        }}
      >
        {copied ? t('news.copied') : t('news.copyLink')}
      </button>
    </div>
  );
}
