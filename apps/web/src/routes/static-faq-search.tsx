import { FaqSearchScreen } from '../features/static-pages/faq-search-screen';

export default function StaticFaqSearchRoute() {
  return <FaqSearchScreen />;
}
