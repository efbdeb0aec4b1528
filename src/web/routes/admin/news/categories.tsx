import { useTranslation } from 'react-i18next';
import { CategoryScreen } from '../../../admin/category-screen.js';

export default function NewsCategories() {
  const { t } = useTranslation('admin');
  return <CategoryScreen entity="NewsCategory" title={t('categories.newsTitle')} />;
}
