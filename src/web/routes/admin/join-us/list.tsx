import { InquiryScreen } from '../../../admin/inquiry-screen.js';

export default function JoinUsEntries() {
  return <InquiryScreen entity="JoinUs" />;
}
