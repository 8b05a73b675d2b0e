import { FaqScreen } from '../features/static-pages/faq-screen';

export default function StaticFaqRoute() {
  return <FaqScreen />;
}
