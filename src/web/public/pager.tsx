import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { PageMeta } from '../../shared/api.js';

/** Previous / next links that keep the other search parameters; plain links, so they work without script. */
export function Pager({ meta }: { meta: PageMeta }) {
  const { t } = useTranslation('public');
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(meta.total / meta.pageSize));
  if (pages <= 1) return null;
  const to = (page: number) => {
    const params = new URLSearchParams(location.search);
    params.set('page', String(page));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      {meta.page > 1 ? <Link to={to(meta.page - 1)} rel="prev">← {t('pager.previous')}</Link> : <span />}
      <span>{t('pager.page', { page: meta.page, pages })}</span>
      {meta.page < pages ? <Link to={to(meta.page + 1)} rel="next">{t('pager.next')} →</Link> : <span />}
    </nav>
  );
}

/** A positive page number from the address, 1 when absent or nonsense. */
export function pageParam(url: URL): number {
  const page = Number(url.searchParams.get('page'));
  return Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1;
}

/** A record id from the address; anything else is no record. */
export function idParam(url: URL, name = 'id'): number | null {
  const value = url.searchParams.get(name);
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
