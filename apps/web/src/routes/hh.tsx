import { AreaScreen } from '../features/areas/area-screen';

export default function HhRoute() {
  return (
    <AreaScreen
      title="Интеграция с hh.ru"
      description="Публикация вакансий, отклики и поиск резюме на hh.ru."
    />
  );
}
