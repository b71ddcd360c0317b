// The slideshow's settings and playlists (admin). The public data is a route of its own
// (public-route.ts), answered from memory.
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
    commitThenPublish(ctx.deps, (tx, events) => {
      if (config.activePlaylist && !findPlaylist(tx, config.activePlaylist)) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: `activePlaylist: no playlist with id '${config.activePlaylist}'` });
      }
      const before = readSliderConfig(tx, ctx.deps.config.mediaRoot);
      writeSliderConfig(tx, events, config);
      const summary = configChangesSummary(before, config, (id) => findPlaylist(tx, id)?.name ?? id);
      recordAudit(tx, { actor: ctx.user, action: 'slider.config.update', target: SLIDER_CONFIG_TARGET, summary });
    });
    ctx.log.info({ adminId: ctx.user.id, config }, 'admin saved the slider settings');
    return { message: CONFIG_SAVED };
  }),
});

export const playlistsRouter = router({
  list: adminProcedure.query(({ ctx }) => listPlaylists(ctx.deps.db)),

  create: adminProcedure.input(playlistCreateInput).mutation(({ ctx, input }) => {
    const { name, ...content } = input;
    const playlist = ctx.deps.db.transaction((tx) => {
      const playlist = createPlaylist(tx, name, content);
      recordAudit(tx, { actor: ctx.user, action: 'playlist.create', target: playlistTarget(playlist._id), summary: playlistCreatedSummary(playlist) });
      return playlist;
    });
    ctx.log.info({ adminId: ctx.user.id, playlistId: playlist._id }, 'admin created a playlist');
    return playlist;
  }),

  update: adminProcedure.input(playlistUpdateInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    const playlist = commitThenPublish(ctx.deps, (tx, events) => {
      const before = findPlaylist(tx, id);
      const after = before && updatePlaylist(tx, events, id, changes);
      if (!before || !after) throw noSuchPlaylist(id);
      recordAudit(tx, { actor: ctx.user, action: 'playlist.update', target: playlistTarget(id), summary: playlistUpdatedSummary(before, after) });
      return after;
    });
    ctx.log.info({ adminId: ctx.user.id, playlistId: id }, 'admin updated a playlist');
    return playlist;
  }),

  delete: adminProcedure.input(playlistIdInput).mutation(({ ctx, input }) => {
    commitThenPublish(ctx.deps, (tx, events) => {
      const deleted = deletePlaylist(tx, events, input.id, ctx.deps.config.mediaRoot);
      if (!deleted) throw noSuchPlaylist(input.id);
      const summary = playlistDeletedSummary(deleted.playlist, deleted.wasActive);
      recordAudit(tx, { actor: ctx.user, action: 'playlist.delete', target: playlistTarget(input.id), summary });
    });
    ctx.log.info({ adminId: ctx.user.id, playlistId: input.id }, 'admin deleted a playlist');
    return { message: 'Playlist deleted' };
  }),
});
