import { MailTemplatesScreen } from '../features/mail-templates/mail-templates-screen';

export default function SettingsMailTemplatesRoute() {
  return <MailTemplatesScreen />;
}
