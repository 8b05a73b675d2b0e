import { useParams } from 'react-router';
import { DelayedTaskScreen } from '../features/delayed-tasks/delayed-task-screen';

export default function DelayedTaskRoute() {
  const { id } = useParams();
  return <DelayedTaskScreen key={id} id={Number(id)} />;
}
