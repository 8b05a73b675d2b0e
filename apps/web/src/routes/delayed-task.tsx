import { useParams } from 'react-router';
import { AreaScreen } from '../features/areas/area-screen';

export default function DelayedTaskRoute() {
  const { id } = useParams();
  return (
    <AreaScreen title={`Отложенная задача №${id ?? ''}`} description="Параметры и статус задачи." />
  );
}
