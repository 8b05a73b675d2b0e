import { useEffect } from 'react';

const PRODUCT = 'ATS';

/** Names the tab: `title — ATS`, or the product alone. */
export function setDocumentTitle(title: string) {
  document.title = title ? `${title} — ${PRODUCT}` : PRODUCT;
}

/** Sets the tab title, so history and tabs tell pages apart. */
export function useDocumentTitle(title: string) {
  useEffect(() => setDocumentTitle(title), [title]);
}
