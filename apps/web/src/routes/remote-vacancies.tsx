import { AreaScreen } from '../features/areas/area-screen';

export default function RemoteVacanciesRoute() {
  return <AreaScreen title="Публикации" description="Вакансии, опубликованные на сайтах работы." />;
}
