import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@ats/ui/button';
import { Input } from '@ats/ui/input';
import { isValidUrl, LINK_INVALID } from '@ats/contracts/url-check';
import { safeHref } from './rich-text-sanitize';

const SCHEME_REFUSED = 'Ссылка должна начинаться с http://, https:// или mailto:';
// A scheme is a name and a colon not followed by a port number ('localhost:3000' has none).
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * 'hh.ru/x' → 'https://hh.ru/x'; 'a@b.ru' → 'mailto:a@b.ru'; '' → '' (remove the link); null for
 * anything else, web addresses passing the URL check of SPEC.md §5.
 */
export function normalizeLink(text: string): string | null {
  const value = text.trim();
  if (!value) return '';
  if (/^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`;
  if (/^mailto:/i.test(value)) return safeHref(value);
  if (!isValidUrl(value)) return null;
  return safeHref(HAS_SCHEME.test(value) ? value : `https://${value}`);
}

/** Why the typed address is refused: a foreign scheme, or no link at all. */
export const linkProblem = (text: string) =>
  HAS_SCHEME.test(text.trim()) && !/^https?:\/\//i.test(text.trim())
    ? SCHEME_REFUSED
    : LINK_INVALID;

type Props = {
  initial: string;
  /** The link to set; '' removes it. */
  onApply: (href: string) => void;
  onCancel: () => void;
};

/** The link's address, asked inline under the toolbar; Enter applies, Escape returns. */
export function RichTextLinkForm({ initial, onApply, onCancel }: Props) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => input.current?.focus(), []);

  // Not a <form>: the editor lives inside the vacancy form, and forms do not nest.
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const href = normalizeLink(text);
    if (href === null) {
      setError(linkProblem(text));
      return;
    }
    onApply(href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') apply(event);
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };

  return (
    <div className="flex flex-wrap items-start gap-2 border-b border-zinc-200 px-2 py-2">
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor={id} className="sr-only">
          Адрес ссылки
        </label>
        <Input
          ref={input}
          id={id}
          className="h-8"
          placeholder="https://…"
          value={text}
          invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
            {error}
          </p>
        )}
      </div>
      <Button size="sm" onClick={() => apply()}>
        Применить
      </Button>
      {initial && (
        <Button size="sm" variant="ghost" onClick={() => onApply('')}>
          Убрать ссылку
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={onCancel}>
        Отмена
      </Button>
    </div>
  );
}
