import { AreaScreen } from '../features/areas/area-screen';

export default function RemoteVacanciesHhRoute() {
  return (
    <AreaScreen title="Публикации — вакансии hh.ru" description="Вакансии, размещённые на hh.ru." />
  );
}
