import { VacanciesHomeScreen } from '../features/vacancies/vacancies-home-screen';

export default function VacanciesRoute() {
  return <VacanciesHomeScreen />;
}
