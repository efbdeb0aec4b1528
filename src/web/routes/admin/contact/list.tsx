import { InquiryScreen } from '../../../admin/inquiry-screen.js';

export default function ContactMessages() {
  return <InquiryScreen entity="ContactInfo" />;
}
