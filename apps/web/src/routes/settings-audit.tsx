import { AuditScreen } from '../features/audit/audit-screen';

export default function SettingsAuditRoute() {
  return <AuditScreen />;
}
