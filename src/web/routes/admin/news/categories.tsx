import { useTranslation } from 'react-i18next';
import { newsCategoryEntity } from '../../../../shared/schemas/category.js';
import { CategoryScreen } from '../../../admin/category-screen.js';

export default function NewsCategories() {
  const { t } = useTranslation('admin');
  return <CategoryScreen entity={newsCategoryEntity} title={t('categories.newsTitle')} />;
}
