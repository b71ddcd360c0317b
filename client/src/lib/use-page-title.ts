import { useEffect } from 'react';
import { SITE_NAME } from '../../../shared/constants';

/** Sets the tab's title for as long as the page is shown. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
