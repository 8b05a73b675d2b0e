import { AreaScreen } from '../features/areas/area-screen';

export default function ApplicantDoubleRoute() {
  return (
    <AreaScreen title="Дубликат кандидата" description="Сравнение двух карточек и объединение." />
  );
}
