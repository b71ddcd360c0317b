// The public slider data, read on page load, when the tab becomes visible again and when the window
// regains focus (spec §4), so that an administrator's change reaches open pages without a reload.
// The server answers with an ETag and the browser revalidates on its own; no cache headers are sent.
import { useEffect, useState } from 'react';
import { isRecord } from './slides';

export const PUBLIC_SLIDER_URL = '/api/slider/public';

/**
 * The `data` of the last good answer, or null before there is one. An answer identical to the last
 * one keeps the same object, so nothing downstream restarts; a failed read keeps what is playing.
 */
export function usePublicSliderData(): unknown {
  const [data, setData] = useState<unknown>(null);

  useEffect(() => {
    let active = true;
    let loading = false;
    let lastText = '';

    const load = async () => {
      // Focus and visibility usually change together; one read answers both.
      if (loading) return;
      loading = true;
      try {
        const response = await fetch(PUBLIC_SLIDER_URL);
        if (!response.ok) {
          console.warn(`Background slideshow: ${PUBLIC_SLIDER_URL} answered HTTP ${response.status}; keeping the current background.`);
          return;
        }
        const text = await response.text();
        if (!active || text === lastText) return;
        const body: unknown = JSON.parse(text);
        if (!isRecord(body) || body.success !== true || !isRecord(body.data)) {
          console.warn(`Background slideshow: ${PUBLIC_SLIDER_URL} answered something unexpected; keeping the current background.`);
          return;
        }
        lastText = text;
        setData(body.data);
      } catch (error) {
        // Offline, or a body that is not JSON: the background is decoration, so a warning is enough.
        console.warn('Background slideshow: could not read the slideshow settings; keeping the current background.', error);
      } finally {
        loading = false;
      }
    };

    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') void load();
    };
    const onFocus = () => void load();

    void load();
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('focus', onFocus);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('focus', onFocus);
    };
  }, []);

  return data;
}
