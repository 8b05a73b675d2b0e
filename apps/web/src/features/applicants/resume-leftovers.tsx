import { Field } from '@ats/ui/field';
import { Textarea } from '@ats/ui/textarea';

type Props = {
  /** What else the résumé gives the card (jobs, schools, languages…), one line each. */
  summary: string[];
  unidentified: string;
  onChange: (unidentified: string) => void;
};

/** Below the form once a résumé is read: what comes along, and what the parser did not place. */
export function ResumeLeftovers({ summary, unidentified, onChange }: Props) {
  return (
    <>
      {summary.length > 0 && (
        <section aria-label="Ещё из резюме" className="rounded-lg bg-zinc-50 px-4 py-3 text-sm">
          <p className="font-medium text-zinc-800">Из резюме также сохранятся</p>
          <ul className="mt-1 list-inside list-disc text-zinc-600">
            {summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      <Field
        label="Нераспознанная информация"
        hint="Текст резюме, который не попал в поля: перенесите нужное и сотрите лишнее"
      >
        {(c) => (
          <Textarea
            rows={5}
            {...c}
            value={unidentified}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </Field>
    </>
  );
}
