import { AreaScreen } from '../features/areas/area-screen';

export default function ApplicantsRoute() {
  return <AreaScreen title="Кандидаты" description="База кандидатов по всем вакансиям." />;
}
