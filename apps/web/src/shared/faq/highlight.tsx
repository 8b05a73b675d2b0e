import type { THighlight } from '@ats/contracts/instructions';

/** Text the search marked: matched words in <mark>, everything as text nodes. */
export function Highlighted({ parts }: { parts: THighlight }) {
  return (
    <>
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-inherit">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
