import { useTranslation } from 'react-i18next';
import { CategoryScreen } from '../../../admin/category-screen.js';

export default function JobCategories() {
  const { t } = useTranslation('admin');
  return <CategoryScreen entity="JobCategory" title={t('categories.jobsTitle')} />;
}
