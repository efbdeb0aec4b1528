import { OverviewScreen } from '../../admin/overview-screen.js';

export default function Overview() {
  return <OverviewScreen />;
}
