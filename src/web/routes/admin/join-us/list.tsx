import { useTranslation } from 'react-i18next';
import { joinUsEntity } from '../../../../shared/schemas/inquiry.js';
import { InquiryScreen } from '../../../admin/inquiry-screen.js';

export default function JoinUsEntries() {
  const { t } = useTranslation('admin');
  return <InquiryScreen entity={joinUsEntity} title={t('inquiries.joinUsTitle')} columns={['name', 'company', 'region', 'phone', 'statusId', 'createdAt']} ownFields={['region', 'cooperationType']} />;
}
