import { AreaScreen } from '../features/areas/area-screen';

export default function DelayedTaskCreateRoute() {
  return (
    <AreaScreen title="Новая отложенная задача" description="Запланируйте письмо или действие." />
  );
}
