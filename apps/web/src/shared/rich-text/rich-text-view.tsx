import { useMemo } from 'react';
import { cx } from '@ats/ui/class-names';
import { sanitizeRichText } from './rich-text-sanitize';

export const RICH_TEXT_CLASS = cx(
  'text-sm leading-6 text-zinc-800',
  '[&_h2]:mt-3 [&_h2]:mb-1 [&_h2]:text-base [&_h2]:font-semibold [&_h2]:text-zinc-900',
  '[&_h3]:mt-2 [&_h3]:mb-1 [&_h3]:text-sm [&_h3]:font-semibold [&_h3]:text-zinc-900',
  '[&_p]:my-1 [&_ul]:my-1 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-1 [&_ol]:list-decimal [&_ol]:pl-5',
  '[&_a]:text-indigo-600 [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3',
  '[&_blockquote]:text-zinc-600',
);

/** Rich text from the API, cleaned again in the browser before it becomes DOM. */
export function RichTextView({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return (
    <div className={cx(RICH_TEXT_CLASS, className)} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
