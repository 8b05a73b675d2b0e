import { Link } from 'react-router';
import type { TInstructionSection } from '@ats/contracts/instructions';

/** The sections of the knowledge base with their articles. */
export function FaqSections({ sections }: { sections: TInstructionSection[] }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {sections.map((section) => (
        <section
          key={section.id}
          aria-labelledby={`faq-section-${section.id}`}
          className="rounded-xl bg-white p-5 ring-1 ring-zinc-200"
        >
          <h2 id={`faq-section-${section.id}`} className="text-base font-semibold text-zinc-900">
            {section.title}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {section.instructions.map((article) => (
              <li key={article.id}>
                <Link
                  to={`/static/faq/${article.slug}`}
                  className="text-sm text-indigo-600 hover:text-indigo-500"
                >
                  {article.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
