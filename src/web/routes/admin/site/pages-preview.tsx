import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isPageKey } from '../../../../shared/schemas/page.js';
import { PagePreview } from '../../../admin/page-preview.js';
import '../../../public/public.css';

/** `/SiteManagement/pages/preview?key=home`: a page's draft as the public site would show it. */
export default function SitePagePreview() {
  const { t } = useTranslation('admin');
  const [params] = useSearchParams();
  const key = params.get('key');
  if (!isPageKey(key)) return <p className="container notice error">{t('pages.previewNotFound')}</p>;
  return <PagePreview pageKey={key} />;
}
