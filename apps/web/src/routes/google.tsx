import { AreaScreen } from '../features/areas/area-screen';

export default function GoogleRoute() {
  return <AreaScreen title="Интеграция с Google" description="Календарь и почта Google." />;
}
