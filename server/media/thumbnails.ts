// Small WebP thumbnails of library images for the admin grids, kept in DATA_DIR (never inside the
// library, which would then list them). One folder per base path, named by a hash of it, mirrors
// the library's layout: image/dawn.png → {root}/{hash}/image/dawn.png.webp. A thumbnail carries its
// image's mtime as its own, so "up to date" is an equality that a clock in the future cannot defeat.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, stat, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Sharp, SharpOptions } from 'sharp';
import type { LibraryEntry } from './library';
import { limitConcurrency } from '../lib/concurrency';

const THUMBNAIL_SIZE = 320;

type SharpFactory = (input: string, options: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | undefined;

// sharp (libvips) is loaded with the first thumbnail, not at start: it adds about 100 ms to every
// start, and most starts make no thumbnail at all.
function loadSharp(): Promise<SharpFactory> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps a cache of recent images and opens threads per core; neither helps a server
    // that makes a thumbnail now and then, and both cost memory next to 200 MB uploads.
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  }));
}

async function mtimeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return undefined;
  }
}

// utimes takes seconds as a double: the round trip may move the last microsecond.
const sameTime = (a: number, b: number) => Math.abs(a - b) < 0.01;

export class Thumbnails {
  private readonly making = new Map<string, Promise<string | null>>();
  // Per base path: the background pass running, and the files waiting for it.
  private readonly filling = new Map<string, Promise<void>>();
  private readonly waiting = new Map<string, LibraryEntry[]>();
  // Images that could not be decoded, by thumbnail path, with the image's mtime then: not tried
  // again on every scan until the file changes.
  private readonly failed = new Map<string, number>();
  // Thumbnails made or found up to date by this process: a background pass after every scan skips
  // them without a stat. A request for one (ensure) still compares it with its image.
  private readonly known = new Set<string>();
  // One at a time: thumbnails are a background chore and must never crowd out requests.
  private readonly runOne = limitConcurrency(1);
  private closed = false;

  constructor(
    private readonly root: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  fileFor(base: string, relative: string): string {
    const folder = createHash('sha256').update(base).digest('hex').slice(0, 16);
    return path.join(this.root, folder, `${relative}.webp`);
  }

  /**
   * The thumbnail of the image at `absolute` (library path `relative`), made now if it is missing
   * or was made from another version of the image; null when the image cannot be decoded.
   */
  async ensure(base: string, relative: string, absolute: string): Promise<string | null> {
    const target = this.fileFor(base, relative);
    const [source, existing] = await Promise.all([mtimeOf(absolute), mtimeOf(target)]);
    if (source === undefined) return null;
    if (existing !== undefined && sameTime(existing, source)) {
      this.known.add(target);
      return target;
    }
    if (this.failed.get(target) === source) return null;
    let job = this.making.get(target);
    if (!job) {
      job = this.runOne(() => this.make(absolute, target, source))
        .then((made) => {
          if (made) {
            this.failed.delete(target);
            this.known.add(target);
          } else this.failed.set(target, source);
          return made;
        })
        .finally(() => this.making.delete(target));
      this.making.set(target, job);
    }
    return job;
  }

  /**
   * Makes the missing thumbnails of these files in the background (after an upload or a scan).
   * Files given while a pass runs join its queue.
   */
  fillIn(base: string, files: readonly LibraryEntry[]): void {
    const queue = this.waiting.get(base) ?? [];
    queue.push(...files.filter((file) => file.category === 'image'));
    this.waiting.set(base, queue);
    if (this.filling.has(base)) return;
    const pass = (async () => {
      for (let file = queue.shift(); file && !this.closed; file = queue.shift()) {
        if (this.known.has(this.fileFor(base, file.path))) continue;
        await this.ensure(base, file.path, path.join(base, file.path));
      }
    })()
      .catch((error: unknown) => this.log.warn({ err: error }, 'thumbnail pass stopped'))
      .finally(() => {
        this.filling.delete(base);
        this.waiting.delete(base);
        // Files given between the loop's end and this moment would otherwise wait for the next pass.
        if (queue.length > 0 && !this.closed) this.fillIn(base, queue);
      });
    this.filling.set(base, pass);
  }

  /** Resolves when no thumbnail is being made (tests). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.filling.values(), ...this.making.values()]);
  }

  /** Stops background passes after the thumbnail in hand, for a quick shutdown. */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  async remove(base: string, relative: string): Promise<void> {
    const target = this.fileFor(base, relative);
    // A thumbnail being made right now would land after the unlink and outlive its image.
    await this.making.get(target);
    this.failed.delete(target);
    this.known.delete(target);
    await unlink(target).catch(() => {});
  }

  private async make(absolute: string, target: string, sourceMtimeMs: number): Promise<string | null> {
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await mkdir(path.dirname(target), { recursive: true });
      const sharp = await loadSharp();
      await sharp(absolute, { animated: false })
        .rotate()
        .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 72 })
        .toFile(temporary);
      await utimes(temporary, new Date(), sourceMtimeMs / 1000);
      await rename(temporary, target);
      return target;
    } catch (error) {
      await unlink(temporary).catch(() => {});
      this.log.warn({ err: error, file: absolute }, 'could not make a thumbnail');
      return null;
    }
  }
}

declare module '../app-deps' {
  interface AppDeps {
    thumbnails: Thumbnails;
  }
}
