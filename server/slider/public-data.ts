// GET /api/slider/public is read on every page view, so its answer is built once and kept in
// memory, with an ETag, until the config, a playlist or the library changes (invalidate()).
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { publicSliderDataSchema } from '../../shared/answer-schemas';
import { mediaUrl, scanVersion } from '../../shared/media';
import { playlistItems, type Playlist, type PublicSliderData, type Slide, type SliderConfig } from '../../shared/slider';
import type { Db } from '../db/client';
import { libraryEntries, type LibraryEntry } from '../media/library';
import { BasePathError, resolveBasePath } from '../media/paths';
import { lastScan } from '../media/scans';
import { readSliderConfig } from './config-data';
import { findPlaylist } from './playlist-data';

export interface PublicSliderEntry {
  json: string;
  etag: string;
}

/** The library path a playlist url names ('/media/image/a%20b.png?v=1' → 'image/a b.png'), if any. */
function libraryPathOf(url: string): string | undefined {
  const [pathPart = ''] = url.slice('/media/'.length).split('?');
  try {
    return pathPart.split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}

function buildPublicData(config: SliderConfig, playlist: Playlist | undefined, library: LibraryEntry[], version: string | undefined): PublicSliderData {
  const byPath = new Map(library.map((file) => [file.path, file]));
  const slideOf = (file: LibraryEntry): Slide => ({ type: file.category === 'video' ? 'video' : 'image', src: mediaUrl(file.path, version) });
  // Items whose file is gone are left out, so visitors never wait on a broken url; the type comes
  // from the library, which knows what the file really is.
  const fromPlaylist = (playlist ? playlistItems(playlist) : []).flatMap(({ url }) => {
    const file = byPath.get(libraryPathOf(url) ?? '');
    return file ? [slideOf(file)] : [];
  });
  const images = library.filter((f) => f.category === 'image');
  const videos = library.filter((f) => f.category === 'video');
  const { backgroundsBasePath: _hidden, ...publicConfig } = config;
  return {
    slides: fromPlaylist.length > 0 ? fromPlaylist : [...images, ...videos].map(slideOf),
    images: images.map((f) => mediaUrl(f.path, version)),
    videos: videos.map((f) => mediaUrl(f.path, version)),
    config: publicConfig,
  };
}

export class PublicSliderCache {
  private current: Promise<PublicSliderEntry> | undefined;
  private built: PublicSliderEntry | undefined;

  constructor(
    private readonly db: Db,
    private readonly mediaRoot: string,
  ) {}

  /** The next get() builds afresh. A build already running still answers the calls that started before. */
  invalidate(): void {
    this.current = undefined;
    this.built = undefined;
  }

  /** The answer, if it is built and still current; undefined while none is (get() builds it). */
  ready(): PublicSliderEntry | undefined {
    return this.built;
  }

  get(): Promise<PublicSliderEntry> {
    if (!this.current) {
      const building = this.build();
      this.current = building;
      // A failed build is not kept: the next call tries again.
      building.then(
        (entry) => {
          if (this.current === building) this.built = entry;
        },
        () => {
          if (this.current === building) this.current = undefined;
        },
      );
    }
    return this.current;
  }

  private async build(): Promise<PublicSliderEntry> {
    const config = await readSliderConfig(this.db, this.mediaRoot);
    const playlist = config.activePlaylist ? await findPlaylist(this.db, config.activePlaylist) : undefined;
    let library: LibraryEntry[] = [];
    let version: string | undefined;
    try {
      const base = await resolveBasePath(this.mediaRoot, undefined, config.backgroundsBasePath);
      library = await libraryEntries(base, ['image', 'video']);
      version = scanVersion((await lastScan(this.db, base))?.timestamp);
    } catch (error) {
      // No base path (or one no longer inside MEDIA_ROOT): an empty library, not an error page.
      if (!(error instanceof BasePathError)) throw error;
    }
    // Typed as the answer's schema: the compiler holds what is sent to what the API reference says.
    const data: z.output<typeof publicSliderDataSchema> = buildPublicData(config, playlist, library, version);
    const json = JSON.stringify({ success: true, data });
    return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
  }
}

declare module '../app-deps' {
  interface AppDeps {
    /** The public slider answer, rebuilt after every 'slider-data-changed'. */
    publicSlider: PublicSliderCache;
  }
}
