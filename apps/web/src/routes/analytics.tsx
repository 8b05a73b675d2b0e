import { AreaScreen } from '../features/areas/area-screen';

export default function AnalyticsRoute() {
  return (
    <AreaScreen
      title="Аналитика"
      description="Воронка найма, источники кандидатов и скорость закрытия вакансий."
    />
  );
}
