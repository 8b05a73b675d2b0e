import { EventsScreen } from '../features/events/events-screen';

export default function EventsRoute() {
  return <EventsScreen />;
}
