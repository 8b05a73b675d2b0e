import { useParams } from 'react-router';
import { VacancyPublicationsSection } from '../features/job-site-publications/vacancy-publications-section';
import { VacancyStagesSection } from '../features/stages/vacancy-stages-section';
import { VacancyScreen } from '../features/vacancies/vacancy-screen';

export default function VacancyRoute() {
  const { id } = useParams();
  const vacancyId = Number(id);
  // A new id remounts the screen, so no state of the previous vacancy leaks into the next.
  return (
    <VacancyScreen
      key={vacancyId}
      id={vacancyId}
      renderStages={(vacancy) => (
        <>
          <VacancyPublicationsSection vacancyId={vacancy.id} />
          <VacancyStagesSection vacancyId={vacancy.id} />
        </>
      )}
    />
  );
}
