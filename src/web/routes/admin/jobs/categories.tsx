import { useTranslation } from 'react-i18next';
import { jobCategoryEntity } from '../../../../shared/schemas/category.js';
import { CategoryScreen } from '../../../admin/category-screen.js';

export default function JobCategories() {
  const { t } = useTranslation('admin');
  return <CategoryScreen entity={jobCategoryEntity} title={t('categories.jobsTitle')} />;
}
