import { AreaScreen } from '../features/areas/area-screen';

export default function VacanciesRoute() {
  return (
    <AreaScreen
      title="Вакансии"
      description="Открытые вакансии компании, воронка и сроки закрытия."
    />
  );
}
