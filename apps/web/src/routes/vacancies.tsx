import { VacanciesHomeScreen } from '../features/vacancies/vacancies-home-screen';

export { primeHome as primeScreen } from '../features/vacancies/vacancies.queries';

export default function VacanciesRoute() {
  return <VacanciesHomeScreen />;
}
