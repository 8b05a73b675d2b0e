import { AreaScreen } from '../features/areas/area-screen';

export default function DelayedTasksRoute() {
  return (
    <AreaScreen
      title="Отложенные задачи"
      description="Письма и действия, запланированные на будущее."
    />
  );
}
