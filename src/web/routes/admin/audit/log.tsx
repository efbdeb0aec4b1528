import { AuditLogScreen } from '../../../admin/audit-log-screen.js';

export default function AuditLog() {
  return <AuditLogScreen />;
}
