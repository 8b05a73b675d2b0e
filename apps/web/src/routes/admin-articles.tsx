import { FaqEditorScreen } from '../features/faq-editor/faq-editor-screen';

export default function AdminArticlesRoute() {
  return <FaqEditorScreen />;
}
