import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled.js';
import ClockCircleOutlined from '@ant-design/icons-svg/es/asn/ClockCircleOutlined.js';
import type { ChecklistItem, SiteChecklist } from '../../shared/schemas/checklist.js';
import { ADMIN_PATHS, jobEditPath } from '../../shared/paths.js';
import { api } from '../api/client.js';
import { Icon } from './ui/icon.js';

/** Where each item of the checklist is done. */
const WHERE: Record<ChecklistItem, string> = {
  name: ADMIN_PATHS.siteSettings,
  logo: ADMIN_PATHS.siteSettings,
  contact: ADMIN_PATHS.siteSettings,
  homePage: `${ADMIN_PATHS.sitePageEdit}?key=home`,
  firstJob: jobEditPath(),
};

/**
 * The first-run checklist of a new site (name, logo, contact, home page, first job), shown to staff
 * with the site module above every screen until all of it is done. It is read again on every
 * screen (`path`), so an item is ticked as soon as the user comes back from doing it. Until the
 * first answer comes it shows `initial`, the checklist answered with the signed-in user, so the
 * first screen is not drawn without it and then pushed down when it arrives.
 */
export function FirstRunChecklist({ path, initial }: { path: string; initial?: SiteChecklist }) {
  const { t } = useTranslation('admin');
  const { data } = useQuery({
    queryKey: ['Site', 'checklist', path],
    queryFn: () => api<SiteChecklist>('Site/Checklist', { method: 'GET' }),
    staleTime: 0,
    // While the next screen's answer comes, the card stays as it was: dropping it for that moment
    // moved the whole screen up, then down again, on every navigation.
    placeholderData: (previous) => previous ?? initial,
  });
  if (!data || data.done) return null;
  const left = data.items.filter((item) => !item.done).length;
  const title = t('checklist.title', { left, total: data.items.length });
  // A region, not an alert: it is a to-do list that stays while the user works, not news to announce.
  return (
    <section className="first-run-checklist" aria-label={title}>
      <h2>{title}</h2>
      <ul className="first-run-items">
        {data.items.map((item) => (
          <li key={item.key} data-done={item.done}>
            {item.done ? <Icon of={CheckCircleFilled} style={{ color: '#237804' }} label={t('checklist.done')} /> : <Icon of={ClockCircleOutlined} label={t('checklist.todo')} />}{' '}
            {item.done ? t(`checklist.items.${item.key}`) : <Link to={WHERE[item.key]}>{t(`checklist.items.${item.key}`)}</Link>}
          </li>
        ))}
      </ul>
    </section>
  );
}
