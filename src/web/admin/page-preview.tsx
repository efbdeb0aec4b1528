import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiEnvelope, Page } from '../../shared/api.js';
import { LOCALES } from '../../shared/locale.js';
import type { Locale } from '../../shared/locale.js';
import { ADMIN_PATHS } from '../../shared/paths.js';
import type { PublicJob } from '../../shared/schemas/job.js';
import type { PublicNews } from '../../shared/schemas/news.js';
import type { PageKey, PageRecord } from '../../shared/schemas/page.js';
import { api } from '../api/client.js';
import { useLocale } from '../i18n/use-locale.js';
import { PageBlocks, feedCountOf, pageShows } from '../public/blocks.js';
import type { PageFeeds } from '../public/blocks.js';
import { errorText } from './error-text.js';

/** Where a page's draft is previewed: a back-office address, since only the browser holds the token. */
export const PAGE_PREVIEW_PATH = ADMIN_PATHS.sitePagePreview;
export const pagePreviewPath = (key: PageKey) => `${PAGE_PREVIEW_PATH}?key=${key}`;

/** A feed as a visitor sees it: asked without the staff token, so unpublished news never shows. */
async function publicCall<T>(path: string, body: unknown): Promise<T | undefined> {
  const res = await fetch(`/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await res.json()) as ApiEnvelope<T>;
  return answer.isSuccess ? answer.data : undefined;
}

const LANGUAGE_NAMES: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'English' };

/**
 * A page's draft drawn by the public site's own block renderer, under a banner saying it is a
 * preview, with the language switch of the public site.
 */
export function PagePreview({ pageKey }: { pageKey: PageKey }) {
  const { t } = useTranslation('admin');
  const [locale, setLocale] = useLocale();
  // Read once when the tab opens (the preview sits outside the back-office frame and its query cache).
  const [state, setState] = useState<{ page?: PageRecord; feeds: PageFeeds; error?: unknown }>({ feeds: {} });
  useEffect(() => {
    let live = true;
    (async () => {
      const page = await api<PageRecord>(`Page/${pageKey}?draft=1`, { method: 'GET' });
      const [news, jobs] = await Promise.all([
        pageShows(page, 'latestNews') ? publicCall<Page<PublicNews>>('News/Query', { page: 1, pageSize: feedCountOf(page, 'latestNews'), locale }) : undefined,
        pageShows(page, 'openJobs') ? publicCall<PublicJob[]>('Job/Latest', { locale }) : undefined,
      ]);
      if (live) setState({ page, feeds: { news: news?.items, jobs } });
    })().catch((error: unknown) => live && setState({ feeds: {}, error }));
    return () => {
      live = false;
    };
  }, [pageKey, locale]);
  const { page, feeds, error } = state;

  return (
    <div className="site">
      <div className="preview-banner" role="status">
        <div className="container preview-banner-inner">
          <strong>{t('pages.previewBanner', { page: t(`pages.keys.${pageKey}`) })}</strong>
          <span role="group" aria-label={t('pages.previewLanguage')}>
            {LOCALES.map((each) => (
              <button key={each} type="button" className="locale-switch" aria-pressed={each === locale} onClick={() => setLocale(each)}>
                {LANGUAGE_NAMES[each]}
              </button>
            ))}
          </span>
        </div>
      </div>
      <main className="site-main">
        {error !== undefined && <p className="container notice error">{t('shell.loadFailed', { message: errorText(error, t) })}</p>}
        {page && <PageBlocks page={page} locale={locale} feeds={feeds} />}
      </main>
    </div>
  );
}
