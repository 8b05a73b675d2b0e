import { DelayedTaskCreateScreen } from '../features/delayed-tasks/delayed-task-create-screen';

export default function DelayedTaskCreateRoute() {
  return <DelayedTaskCreateScreen />;
}
