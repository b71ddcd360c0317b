// @vitest-environment happy-dom
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageThumbnail } from './image-thumbnail';

afterEach(cleanup);

const thumbnail = (version: string) => <ImageThumbnail path="image/dawn.png" version={version} className="thumb" missingClassName="missing" />;

describe('a library image preview', () => {
  it('falls back from the thumbnail to the file, then to "No preview", and tries again for a new version', () => {
    const view = render(thumbnail('1'));
    const img = () => view.container.querySelector('img');
    expect(img()?.getAttribute('src')).toBe('/thumbs/image/dawn.png?v=1');

    fireEvent.error(img()!);
    expect(img()?.getAttribute('src')).toBe('/media/image/dawn.png?v=1');
    fireEvent.error(img()!);
    expect(img()).toBeNull();
    expect(view.getByText('No preview').className).toBe('missing');

    // A rescan gives the file a new version: the thumbnail may exist now.
    view.rerender(thumbnail('2'));
    expect(img()?.getAttribute('src')).toBe('/thumbs/image/dawn.png?v=2');
  });
});
