// The media library's procedures (CONTRACT "Media (admin)"): list (paged or whole), look up, scan,
// last scan, delete.
// Upload and /media serving stream, so they are routes of their own (upload-route.ts, serve-route.ts).
import { unlink } from 'node:fs/promises';
import { mediaDeleteInput, mediaListInput, mediaLookupInput, mediaScanInput } from '../../shared/media-schemas';
import { recordAudit } from '../audit/record';
import { commitThenPublish } from '../events/after-commit';
import { adminProcedure, router } from '../trpc/init';
import { findLibraryFiles, libraryEntries, listLibrary } from './library';
import { recordLibraryChange } from './library-changes';
import { basePathFor } from './base-path';
import { deletedSummary, mediaTarget, scannedSummary } from './media-audit';
import { resolveLibraryFile } from './paths';
import { lastScan, saveScan } from './scans';

export const mediaRouter = router({
  files: adminProcedure.input(mediaListInput).query(async ({ ctx, input }) => {
    const base = await basePathFor(ctx.deps, input.basePath);
    return listLibrary(base, input.category ? [input.category] : undefined, input);
  }),

  lookup: adminProcedure.input(mediaLookupInput).query(async ({ ctx, input }) => {
    return { files: await findLibraryFiles(await basePathFor(ctx.deps, input.basePath), input.paths) };
  }),

  scan: adminProcedure.input(mediaScanInput).mutation(async ({ ctx, input }) => {
    const base = await basePathFor(ctx.deps, input.basePath);
    const files = await libraryEntries(base);
    const count = (category: string) => files.filter((f) => f.category === category).length;
    const scan = await commitThenPublish(ctx.deps, async (tx, events) => {
      const scan = await saveScan(tx, events, base, { images: count('image'), videos: count('video'), audio: count('audio') });
      await recordAudit(tx, { actor: ctx.user, action: 'media.scan', target: mediaTarget(base), summary: scannedSummary(scan) });
      return scan;
    });
    ctx.deps.thumbnails.fillIn(base, files);
    const { total, images, videos, audio } = scan.discoveries;
    ctx.log.info({ adminId: ctx.user.id, total }, 'media library scanned');
    return {
      ...scan,
      message: `Scan complete: ${total} file(s) found (${images} images, ${videos} videos, ${audio} audio)`,
    };
  }),

  lastScan: adminProcedure.input(mediaScanInput).query(async ({ ctx, input }) => {
    return lastScan(ctx.deps.db, await basePathFor(ctx.deps, input.basePath));
  }),

  delete: adminProcedure.input(mediaDeleteInput).mutation(async ({ ctx, input }) => {
    const base = await basePathFor(ctx.deps, input.basePath);
    const deleted: string[] = [];
    for (const requested of new Set(input.paths)) {
      const file = await resolveLibraryFile(base, requested);
      if (!file) continue;
      try {
        await unlink(file.absolute);
        deleted.push(file.relative);
        if (file.category === 'image') await ctx.deps.thumbnails.remove(base, file.relative);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    if (deleted.length > 0) {
      await recordLibraryChange(ctx.deps, { actor: ctx.user, action: 'media.delete', target: mediaTarget(base), summary: deletedSummary(deleted) });
    }
    ctx.log.info({ adminId: ctx.user.id, deleted }, 'admin deleted media files');
    return {
      message: `Deleted ${deleted.length} file(s).`,
      summary: { requested: input.paths.length, deleted: deleted.length, notDeleted: input.paths.length - deleted.length },
    };
  }),
});
