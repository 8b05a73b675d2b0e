import { AreaScreen } from '../features/areas/area-screen';

export default function EventsRoute() {
  return <AreaScreen title="Календарь" description="Встречи и собеседования с кандидатами." />;
}
