import { FaqArticleScreen } from '../features/static-pages/faq-article-screen';

export default function StaticFaqArticleRoute() {
  return <FaqArticleScreen />;
}
