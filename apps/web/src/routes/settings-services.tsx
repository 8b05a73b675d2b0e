import { ChannelSettings } from '../features/messaging/channel-settings';
import { SettingsServicesScreen } from '../features/settings-services/settings-services-screen';

export default function SettingsServicesRoute() {
  return <SettingsServicesScreen channels={<ChannelSettings />} />;
}
