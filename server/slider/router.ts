// The slideshow's settings and playlists (admin). The public data is a route of its own
// (public-route.ts), answered from memory.
import { transaction } from '../db/transaction';
import { TRPCError } from '@trpc/server';
import { playlistCreateInput, playlistIdInput, playlistUpdateInput, sliderConfigSchema } from '../../shared/slider-schemas';
import { recordAudit } from '../audit/record';
import { commitThenPublish } from '../events/after-commit';
import { basePathFor } from '../media/base-path';
import { adminProcedure, router } from '../trpc/init';
import { readSliderConfig, writeSliderConfig } from './config-data';
import { createPlaylist, deletePlaylist, findPlaylist, listPlaylists, updatePlaylist } from './playlist-data';
import {
  configChangesSummary,
  playlistCreatedSummary,
  playlistDeletedSummary,
  playlistTarget,
  playlistUpdatedSummary,
  SLIDER_CONFIG_TARGET,
} from './slider-audit';

const CONFIG_SAVED = 'Configuration saved successfully!';

const noSuchPlaylist = (id: string) => new TRPCError({ code: 'NOT_FOUND', message: `No playlist with id '${id}'` });

export const sliderRouter = router({
  config: adminProcedure.query(({ ctx }) => readSliderConfig(ctx.deps.db, ctx.deps.config.mediaRoot)),

  saveConfig: adminProcedure.input(sliderConfigSchema).mutation(async ({ ctx, input }) => {
    const config = { ...input, backgroundsBasePath: input.backgroundsBasePath.trim() };
    // An empty base path is allowed (scans then ask for one); any other must lie inside MEDIA_ROOT.
    if (config.backgroundsBasePath) await basePathFor(ctx.deps, config.backgroundsBasePath);
    await commitThenPublish(ctx.deps, async (tx, events) => {
      const chosen = config.activePlaylist ? await findPlaylist(tx, config.activePlaylist) : undefined;
      if (config.activePlaylist && !chosen) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: `activePlaylist: no playlist with id '${config.activePlaylist}'` });
      }
      const before = await readSliderConfig(tx, ctx.deps.config.mediaRoot);
      const earlier = before.activePlaylist ? await findPlaylist(tx, before.activePlaylist) : undefined;
      await writeSliderConfig(tx, events, config);
      const names = new Map([chosen, earlier].flatMap((playlist) => (playlist ? [[playlist._id, playlist.name] as const] : [])));
      const summary = configChangesSummary(before, config, (id) => names.get(id) ?? id);
      await recordAudit(tx, { actor: ctx.user, action: 'slider.config.update', target: SLIDER_CONFIG_TARGET, summary });
    });
    ctx.log.info({ adminId: ctx.user.id, config }, 'admin saved the slider settings');
    return { message: CONFIG_SAVED };
  }),
});

export const playlistsRouter = router({
  list: adminProcedure.query(({ ctx }) => listPlaylists(ctx.deps.db)),

  create: adminProcedure.input(playlistCreateInput).mutation(async ({ ctx, input }) => {
    const { name, ...content } = input;
    const playlist = await transaction(ctx.deps.db, async (tx) => {
      const playlist = await createPlaylist(tx, name, content);
      await recordAudit(tx, { actor: ctx.user, action: 'playlist.create', target: playlistTarget(playlist._id), summary: playlistCreatedSummary(playlist) });
      return playlist;
    });
    ctx.log.info({ adminId: ctx.user.id, playlistId: playlist._id }, 'admin created a playlist');
    return playlist;
  }),

  update: adminProcedure.input(playlistUpdateInput).mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    const playlist = await commitThenPublish(ctx.deps, async (tx, events) => {
      const before = await findPlaylist(tx, id);
      const after = before && (await updatePlaylist(tx, events, id, changes));
      if (!before || !after) throw noSuchPlaylist(id);
      await recordAudit(tx, { actor: ctx.user, action: 'playlist.update', target: playlistTarget(id), summary: playlistUpdatedSummary(before, after) });
      return after;
    });
    ctx.log.info({ adminId: ctx.user.id, playlistId: id }, 'admin updated a playlist');
    return playlist;
  }),

  delete: adminProcedure.input(playlistIdInput).mutation(async ({ ctx, input }) => {
    await commitThenPublish(ctx.deps, async (tx, events) => {
      const deleted = await deletePlaylist(tx, events, input.id, ctx.deps.config.mediaRoot);
      if (!deleted) throw noSuchPlaylist(input.id);
      const summary = playlistDeletedSummary(deleted.playlist, deleted.wasActive);
      await recordAudit(tx, { actor: ctx.user, action: 'playlist.delete', target: playlistTarget(input.id), summary });
    });
    ctx.log.info({ adminId: ctx.user.id, playlistId: input.id }, 'admin deleted a playlist');
    return { message: 'Playlist deleted' };
  }),
});
