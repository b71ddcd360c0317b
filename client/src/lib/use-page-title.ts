import { useEffect } from 'react';

export const SITE_NAME = 'Quantum Path';

/** Sets the tab's title for as long as the page is shown. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
