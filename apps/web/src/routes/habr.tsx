import { AreaScreen } from '../features/areas/area-screen';

export default function HabrRoute() {
  return (
    <AreaScreen
      title="Интеграция с Хабр Карьерой"
      description="Публикация вакансий и отклики с Хабр Карьеры."
    />
  );
}
