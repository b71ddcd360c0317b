import { createContext, useContext, useEffect } from 'react';
import { SITE_NAME } from '@shared/constants';

/** Receives the page's title while the build prerenders it (client/src/prerender.tsx); null in the browser. */
export const PageTitleSink = createContext<((title: string) => void) | null>(null);

/** Sets the tab's title for as long as the page is shown. */
export function usePageTitle(title: string | undefined) {
  const full = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  useContext(PageTitleSink)?.(full);
  useEffect(() => {
    document.title = full;
  }, [full]);
}
