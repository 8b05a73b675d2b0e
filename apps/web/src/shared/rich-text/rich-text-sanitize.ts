// The API already cleans rich text to a small allow-list (sanitize-html on save); the browser
// cleans it again before it becomes DOM, so a row written around the API (an import, an old
// version, a bug) still cannot run script in a recruiter's session.

const KEPT = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'UL',
  'OL',
  'LI',
  'H2',
  'H3',
  'A',
  'BLOCKQUOTE',
]);
/** Dropped with everything inside; any other unknown element is unwrapped (its text stays). */
const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
  'FORM',
  'INPUT',
  'TEXTAREA',
  'SELECT',
  'BUTTON',
  'IMG',
  'VIDEO',
  'AUDIO',
  'LINK',
  'META',
]);

/** http, https and mailto links only; anything else (javascript:, data:, relative) is dropped. */
export function safeHref(href: string | null): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  return /^(https?:\/\/|mailto:)/i.test(trimmed) ? trimmed : null;
}

function cleanChildren(parent: Node, doc: Document) {
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) continue;
    if (child.nodeType !== Node.ELEMENT_NODE) {
      child.remove();
      continue;
    }
    const element = child as Element;
    const tag = element.tagName.toUpperCase();
    if (DROPPED.has(tag)) {
      element.remove();
      continue;
    }
    cleanChildren(element, doc);
    if (!KEPT.has(tag)) {
      element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    const href = tag === 'A' ? safeHref(element.getAttribute('href')) : null;
    for (const attribute of Array.from(element.attributes)) {
      element.removeAttribute(attribute.name);
    }
    if (href) {
      element.setAttribute('href', href);
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
}

/** The HTML with only the editor's own tags and safe links left. */
export function sanitizeRichText(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  cleanChildren(doc.body, doc);
  return doc.body.innerHTML;
}

/** True when the HTML holds no visible text (an empty editor answers `<p></p>`). */
export function isBlankRichText(html: string | null | undefined): boolean {
  if (!html) return true;
  return !html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
}
