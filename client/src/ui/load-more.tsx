// The end of a paged grid: a button that loads the next page, pressed by itself as it scrolls into
// view (of the grid and of the window), so scrolling simply goes on. Keyboard and screen-reader
// users press it like any button, and are taken to the first of the files it brought.
import { useEffect, useEffectEvent, useRef } from 'react';
import { Button } from './button';
import './load-more.css';

interface LoadMoreProps {
  label: string;
  busy: boolean;
  /** `pressed`: by the button, not by the end scrolling into view. */
  onLoad: (pressed: boolean) => void;
}

/** A grid's last item (an `li`), across the whole row. */
export function LoadMore({ label, busy, onLoad }: LoadMoreProps) {
  const item = useRef<HTMLLIElement>(null);
  // The grid's last item when the button was pressed: the next one is the first the press brought.
  const lastBefore = useRef<Element | null>(null);
  const rememberLast = () => {
    lastBefore.current = item.current?.previousElementSibling ?? null;
  };
  // Tabbing to the button scrolls it into view, and so loads the page before any key is pressed:
  // with focus on the button, that load is the keyboard user's, as if pressed, and focus goes on
  // to what it brings instead of falling to the page with the button.
  const loadInView = useEffectEvent(() => {
    if (item.current?.contains(document.activeElement)) rememberLast();
    onLoad(false);
  });

  // Where focus goes once the press's page is in: to the first new item, if focus is still on the
  // button or fell to the page when the last page took the button away. A read that ended with
  // nothing new (a reading of the pages again, after an upload or a scan, cancelled it; it is read
  // again once that ends) leaves the press waiting for the read that brings the page.
  const focusFirstNew = useEffectEvent(() => {
    const before = lastBefore.current;
    const first = before?.nextElementSibling;
    if (!first || first === item.current) return;
    lastBefore.current = null;
    const button = item.current?.querySelector('button');
    if (document.activeElement !== button && document.activeElement !== document.body) return;
    first.querySelector<HTMLElement>('button, input, a[href]')?.focus();
  });
  useEffect(() => {
    if (!busy) focusFirstNew();
  }, [busy]);
  useEffect(() => () => focusFirstNew(), []);

  // Watched afresh after each page: observing reports at once whether the end is still in view
  // (a tall screen may show a whole page), and then loads the next one too.
  useEffect(() => {
    const element = item.current;
    if (busy || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadInView();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [busy]);

  return (
    <li ref={item} className="load-more">
      <Button
        variant="secondary"
        className="button--small"
        busy={busy}
        onClick={() => {
          rememberLast();
          onLoad(true);
        }}
      >
        {label}
      </Button>
    </li>
  );
}
