import { AreaScreen } from '../features/areas/area-screen';

export default function ApplicantDoublesRoute() {
  return (
    <AreaScreen
      title="Дубликаты"
      description="Кандидаты, которые похожи друг на друга: объедините их в одну карточку."
    />
  );
}
