import { AccountScreen } from '../../../admin/account-screen.js';

/** My account: every member of staff's own password, sessions and two-step verification. */
export default function Account() {
  return <AccountScreen />;
}
