import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

// The knowledge base's articles are Markdown (apps/api/content/faq). This renders the part of it
// they use — headings, paragraphs, lists, tables, code blocks, links, images, bold, italic and
// inline code — into React elements: no HTML from the text ever reaches the page.

const IMAGE_SRC = /^(https?:\/\/|\/(?!\/)|data:image\/(png|jpeg|gif|webp);base64,)/i;
const LINK_HREF = /^(https?:\/\/|\/(?!\/)|mailto:)/i;

export const safeImageSrc = (src: string) => (IMAGE_SRC.test(src.trim()) ? src.trim() : null);
const safeLinkHref = (href: string) => (LINK_HREF.test(href.trim()) ? href.trim() : null);

const INLINE =
  /(!\[[^\]]*\]\([^)\s]*\)|\[[^\]]+\]\([^)\s]*\)|<https?:\/\/[^>\s]+>|`[^`]+`|\*\*[^*]+\*\*|\*[^*\s][^*]*\*)/;

function inline(text: string, key = 'i'): ReactNode[] {
  const nodes: ReactNode[] = [];
  text.split(INLINE).forEach((part, i) => {
    if (!part) return;
    const k = `${key}-${i}`;
    const image = /^!\[([^\]]*)\]\(([^)\s]*)\)$/.exec(part);
    const link = /^\[([^\]]+)\]\(([^)\s]*)\)$/.exec(part);
    const auto = /^<(https?:\/\/[^>\s]+)>$/.exec(part);
    if (image) {
      const src = safeImageSrc(image[2]!);
      nodes.push(
        src ? (
          <img
            key={k}
            src={src}
            alt={image[1]}
            className="my-2 max-w-full rounded-lg ring-1 ring-zinc-200"
          />
        ) : (
          image[1]
        ),
      );
    } else if (link) {
      const href = safeLinkHref(link[2]!);
      if (!href) {
        nodes.push(link[1]);
      } else if (href.startsWith('/')) {
        nodes.push(
          <Link key={k} to={href} className="text-indigo-600 hover:text-indigo-500">
            {link[1]}
          </Link>,
        );
      } else {
        nodes.push(
          <a
            key={k}
            href={href}
            rel="noopener noreferrer"
            className="text-indigo-600 hover:text-indigo-500"
          >
            {link[1]}
          </a>,
        );
      }
    } else if (auto) {
      nodes.push(
        <a
          key={k}
          href={auto[1]}
          rel="noopener noreferrer"
          className="text-indigo-600 hover:text-indigo-500"
        >
          {auto[1]}
        </a>,
      );
    } else if (part.startsWith('`') && part.endsWith('`') && part.length > 1) {
      nodes.push(
        <code key={k} className="rounded bg-zinc-100 px-1 py-0.5 text-[0.9em]">
          {part.slice(1, -1)}
        </code>,
      );
    } else if (part.startsWith('**') && part.endsWith('**') && part.length > 4) {
      nodes.push(<strong key={k}>{inline(part.slice(2, -2), k)}</strong>);
    } else if (part.startsWith('*') && part.endsWith('*') && part.length > 2) {
      nodes.push(<em key={k}>{inline(part.slice(1, -1), k)}</em>);
    } else {
      nodes.push(<Fragment key={k}>{part}</Fragment>);
    }
  });
  return nodes;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());

/** Renders a Markdown article body. */
export function Markdown({ source }: { source: string }) {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const blocks: ReactNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const key = `b${i}`;
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    if (line.startsWith('```')) {
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.startsWith('```')) code.push(lines[i++]!);
      i += 1;
      blocks.push(
        <pre key={key} className="overflow-x-auto rounded-lg bg-zinc-900 p-3 text-sm text-zinc-100">
          <code>{code.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(Math.max(heading[1]!.length, 2), 4);
      const Tag = `h${level}` as 'h2' | 'h3' | 'h4';
      blocks.push(
        <Tag
          key={key}
          className={
            level === 2
              ? 'mt-4 text-lg font-semibold text-zinc-900'
              : 'mt-3 font-semibold text-zinc-900'
          }
        >
          {inline(heading[2]!, key)}
        </Tag>,
      );
      i += 1;
      continue;
    }
    if (line.trim().startsWith('|') && /^\s*\|?[\s:-]+\|/.test(lines[i + 1] ?? '')) {
      const head = cells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.trim().startsWith('|')) rows.push(cells(lines[i++]!));
      blocks.push(
        <div key={key} className="overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <thead>
              <tr className="border-b border-zinc-200">
                {head.map((c, j) => (
                  <th key={j} className="py-2 pr-4 font-medium text-zinc-900">
                    {inline(c, `${key}h${j}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r} className="border-b border-zinc-100">
                  {row.map((c, j) => (
                    <td key={j} className="py-2 pr-4 align-top">
                      {inline(c, `${key}r${r}c${j}`)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      );
      continue;
    }
    const bullet = /^\s*[-*+]\s+/;
    const numbered = /^\s*\d+\.\s+/;
    if (bullet.test(line) || numbered.test(line)) {
      const marker = bullet.test(line) ? bullet : numbered;
      const items: string[] = [];
      while (i < lines.length && (marker.test(lines[i]!) || /^\s{2,}\S/.test(lines[i]!))) {
        if (marker.test(lines[i]!)) items.push(lines[i]!.replace(marker, ''));
        else items[items.length - 1] += ` ${lines[i]!.trim()}`;
        i += 1;
      }
      const List = marker === bullet ? 'ul' : 'ol';
      blocks.push(
        <List
          key={key}
          className={`${List === 'ul' ? 'list-disc' : 'list-decimal'} flex flex-col gap-1 pl-6`}
        >
          {items.map((item, j) => (
            <li key={j}>{inline(item, `${key}-${j}`)}</li>
          ))}
        </List>,
      );
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      lines[i]!.trim() !== '' &&
      !/^(#{1,4}\s|```|\s*[-*+]\s|\s*\d+\.\s|\s*\|)/.test(lines[i]!)
    ) {
      paragraph.push(lines[i++]!.trim());
    }
    if (paragraph.length === 0) {
      paragraph.push(line.trim());
      i += 1;
    }
    blocks.push(<p key={key}>{inline(paragraph.join(' '), key)}</p>);
  }
  return <div className="flex flex-col gap-3 leading-relaxed text-zinc-700">{blocks}</div>;
}
