import { DataRequestsScreen } from '../../../admin/data-requests-screen.js';

export default function DataRequests() {
  return <DataRequestsScreen />;
}
