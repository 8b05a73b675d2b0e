import sanitizeHtml from 'sanitize-html';

// Rich text comes from the editor (vacancy descriptions, mail templates) and from API clients:
// only a small set of tags survives, links only to web pages and mail, so nothing a browser would
// run is stored.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'a',
    'blockquote',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** The section as safe HTML; null when nothing visible is left. */
export function sanitizeRichText(html: string | null | undefined): string | null {
  if (html == null) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  const visible = sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim();
  return visible === '' ? null : clean;
}
