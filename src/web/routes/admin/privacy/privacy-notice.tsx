import { PrivacyNoticeScreen } from '../../../admin/privacy-notice-screen.js';

export default function PrivacyNotice() {
  return <PrivacyNoticeScreen />;
}
