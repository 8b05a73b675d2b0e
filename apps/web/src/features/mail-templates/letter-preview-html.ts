import { sanitizeRichText } from '../../shared/rich-text/rich-text-sanitize';

/**
 * The rendered body, cleaned as every rich text is, with each unknown variable wrapped in a
 * <mark> so the author sees the typo. Only text is searched, so a variable inside a link's
 * address stays as it is.
 */
export function markUnknownVariables(html: string, unknown: readonly string[]): string {
  const clean = sanitizeRichText(html);
  if (unknown.length === 0) return clean;
  const doc = new DOMParser().parseFromString(`<body>${clean}</body>`, 'text/html');
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  const tokens = new Set(unknown);
  const pattern = /%[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)*%/gi;
  for (const text of texts) {
    const value = text.data;
    const parts: Node[] = [];
    let last = 0;
    for (const match of value.matchAll(pattern)) {
      if (!tokens.has(match[0])) continue;
      parts.push(doc.createTextNode(value.slice(last, match.index)));
      const mark = doc.createElement('mark');
      mark.setAttribute('title', 'Неизвестная переменная');
      mark.textContent = match[0];
      parts.push(mark);
      last = match.index + match[0].length;
    }
    if (parts.length === 0) continue;
    parts.push(doc.createTextNode(value.slice(last)));
    text.replaceWith(...parts);
  }
  return doc.body.innerHTML;
}
