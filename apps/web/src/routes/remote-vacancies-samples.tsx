import { AreaScreen } from '../features/areas/area-screen';

export default function RemoteVacanciesSamplesRoute() {
  return (
    <AreaScreen
      title="Публикации — шаблоны"
      description="Шаблоны для быстрой публикации вакансий."
    />
  );
}
