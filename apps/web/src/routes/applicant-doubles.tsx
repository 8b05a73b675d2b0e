import { DoublesScreen } from '../features/duplicates/doubles-screen';

export default function ApplicantDoublesRoute() {
  return <DoublesScreen />;
}
