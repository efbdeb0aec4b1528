import { useTranslation } from 'react-i18next';
import { contactInfoEntity } from '../../../../shared/schemas/inquiry.js';
import { InquiryScreen } from '../../../admin/inquiry-screen.js';

export default function ContactMessages() {
  const { t } = useTranslation('admin');
  return <InquiryScreen entity={contactInfoEntity} title={t('inquiries.contactTitle')} columns={['name', 'company', 'subject', 'email', 'statusId', 'createdAt']} ownFields={['subject']} />;
}
