import { AreaScreen } from '../features/areas/area-screen';

export default function AvitoRoute() {
  return (
    <AreaScreen
      title="Интеграция с Avito"
      description="Публикация вакансий и отклики с Avito Работы."
    />
  );
}
