import { FunnelsScreen } from '../features/stages/funnels-screen';

export default function SettingsFunnelsRoute() {
  return <FunnelsScreen />;
}
