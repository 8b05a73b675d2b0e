import { AreaScreen } from '../features/areas/area-screen';

export default function RemoteVacanciesOwnRoute() {
  return (
    <AreaScreen
      title="Публикации — собственные вакансии"
      description="Вакансии, созданные в системе."
    />
  );
}
