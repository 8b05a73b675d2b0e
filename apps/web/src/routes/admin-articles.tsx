import { AreaScreen } from '../features/areas/area-screen';

export default function AdminArticlesRoute() {
  return (
    <AreaScreen title="Статьи базы знаний" description="Редактирование статей раздела «Помощь»." />
  );
}
