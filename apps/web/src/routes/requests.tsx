import { AreaScreen } from '../features/areas/area-screen';

export default function RequestsRoute() {
  return (
    <AreaScreen title="Заявки на подбор" description="Заявки руководителей на открытие вакансий." />
  );
}
