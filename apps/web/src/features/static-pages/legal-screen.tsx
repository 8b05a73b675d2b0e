import { useDocumentTitle } from '../../shared/use-document-title';
import { LEGAL_TEXTS, type LegalTextKey } from './legal-texts';

export function LegalScreen({ document: key }: { document: LegalTextKey }) {
  const text = LEGAL_TEXTS[key];
  useDocumentTitle(text.title);
  return (
    <article className="max-w-3xl">
      <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">{text.title}</h1>
      <p className="mt-1 text-sm text-zinc-500">Редакция от {text.updated}</p>
      <div className="mt-6 flex flex-col gap-5">
        {text.sections.map((section) => (
          <section key={section.heading}>
            <h2 className="text-base font-semibold text-zinc-900">{section.heading}</h2>
            <p className="mt-1 text-sm leading-relaxed text-zinc-700">{section.body}</p>
          </section>
        ))}
      </div>
    </article>
  );
}
