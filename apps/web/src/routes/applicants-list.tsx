import { AreaScreen } from '../features/areas/area-screen';

export default function ApplicantsListRoute() {
  return <AreaScreen title="Кандидаты — список" description="Все кандидаты списком с фильтрами." />;
}
