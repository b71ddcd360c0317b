// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadMore } from './load-more';

/** A grid of `files` checkboxes ending with the Load more item, as the media libraries draw it. */
function Grid({ files, busy, more, onLoad }: { files: number; busy: boolean; more: boolean; onLoad: (pressed: boolean) => void }) {
  return (
    <ul>
      {Array.from({ length: files }, (_, index) => (
        <li key={index}>
          <input type="checkbox" aria-label={`file ${index}`} />
        </li>
      ))}
      {more && <LoadMore label="Load more images" busy={busy} onLoad={onLoad} />}
    </ul>
  );
}

afterEach(cleanup);

describe('Load more pressed by keyboard', () => {
  it('takes focus to the first file the press brought', () => {
    const onLoad = vi.fn();
    const view = render(<Grid files={2} busy={false} more onLoad={onLoad} />);
    const button = screen.getByRole('button', { name: 'Load more images' });
    button.focus();
    fireEvent.click(button);
    expect(onLoad).toHaveBeenCalledWith(true);
    view.rerender(<Grid files={2} busy more onLoad={onLoad} />);
    view.rerender(<Grid files={4} busy={false} more onLoad={onLoad} />);
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'file 2' }));
  });

  it('waits past a read that ended with nothing new (a rescan cancelled it) for the one that brings the page', () => {
    const onLoad = vi.fn();
    const view = render(<Grid files={2} busy={false} more onLoad={onLoad} />);
    const button = screen.getByRole('button', { name: 'Load more images' });
    button.focus();
    fireEvent.click(button);
    view.rerender(<Grid files={2} busy more onLoad={onLoad} />);
    // Cancelled: not busy any more, and no new file.
    view.rerender(<Grid files={2} busy={false} more onLoad={onLoad} />);
    expect(document.activeElement).toBe(button);
    // Read again: the last page brings two files and takes the button away.
    view.rerender(<Grid files={2} busy more onLoad={onLoad} />);
    view.rerender(<Grid files={4} busy={false} more={false} onLoad={onLoad} />);
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'file 2' }));
  });

  it('leaves focus alone once the reader has moved it elsewhere', () => {
    const onLoad = vi.fn();
    const view = render(<Grid files={2} busy={false} more onLoad={onLoad} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more images' }));
    view.rerender(<Grid files={2} busy more onLoad={onLoad} />);
    const elsewhere = screen.getByRole('checkbox', { name: 'file 0' });
    elsewhere.focus();
    view.rerender(<Grid files={4} busy={false} more onLoad={onLoad} />);
    expect(document.activeElement).toBe(elsewhere);
  });
});
