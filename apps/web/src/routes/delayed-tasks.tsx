import { DelayedTasksScreen } from '../features/delayed-tasks/delayed-tasks-screen';

export default function DelayedTasksRoute() {
  return <DelayedTasksScreen />;
}
