import { RequestTemplatesScreen } from '../features/settings-request-templates/request-templates-screen';

export default function SettingsRequestTemplatesRoute() {
  return <RequestTemplatesScreen />;
}
