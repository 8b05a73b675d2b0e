import { useEffect } from 'react';

const PRODUCT = 'ATS';

/** Sets the tab title, so history and tabs tell pages apart. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} — ${PRODUCT}` : PRODUCT;
  }, [title]);
}
