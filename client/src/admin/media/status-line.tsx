/** Spec §2: red when the message speaks of an error, green otherwise. */
export function isErrorStatus(text: string): boolean {
  return /error/i.test(text);
}

/**
 * Always in the page, even when empty, so screen readers already watch it when a message comes.
 * It sticks to the bottom of the window, so a message is seen wherever the admin scrolled to.
 */
export function StatusLine({ text }: { text: string }) {
  const tone = text ? (isErrorStatus(text) ? 'error' : 'success') : 'empty';
  return (
    <div className="media-status-dock">
      <p className={`media-status media-status--${tone}`} role="status" aria-live="polite" aria-atomic="true">
        {text}
      </p>
    </div>
  );
}
