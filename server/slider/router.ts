// The slideshow's settings and playlists (admin). The public data is a route of its own
// (public-route.ts), answered from memory.
import { TRPCError } from '@trpc/server';
import { playlistCreateInput, playlistIdInput, playlistUpdateInput, sliderConfigSchema } from '../../shared/slider-schemas';
import { basePathFor } from '../media/base-path';
import { adminProcedure, router } from '../trpc/init';
import { readSliderConfig, writeSliderConfig } from './config-data';
import { createPlaylist, deletePlaylist, findPlaylist, listPlaylists, updatePlaylist } from './playlist-data';

const CONFIG_SAVED = 'Configuration saved successfully!';

const noSuchPlaylist = (id: string) => new TRPCError({ code: 'NOT_FOUND', message: `No playlist with id '${id}'` });

export const sliderRouter = router({
  config: adminProcedure.query(({ ctx }) => readSliderConfig(ctx.deps.db, ctx.deps.config.mediaRoot)),

  saveConfig: adminProcedure.input(sliderConfigSchema).mutation(async ({ ctx, input }) => {
    const config = { ...input, backgroundsBasePath: input.backgroundsBasePath.trim() };
    // An empty base path is allowed (scans then ask for one); any other must lie inside MEDIA_ROOT.
    if (config.backgroundsBasePath) await basePathFor(ctx.deps, config.backgroundsBasePath);
    ctx.deps.db.transaction((tx) => {
      if (config.activePlaylist && !findPlaylist(tx, config.activePlaylist)) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: `activePlaylist: no playlist with id '${config.activePlaylist}'` });
      }
      writeSliderConfig(tx, config);
    });
    ctx.deps.events.publish('slider-data-changed');
    ctx.log.info({ adminId: ctx.user.id, config }, 'admin saved the slider settings');
    return { message: CONFIG_SAVED };
  }),
});

export const playlistsRouter = router({
  list: adminProcedure.query(({ ctx }) => listPlaylists(ctx.deps.db)),

  create: adminProcedure.input(playlistCreateInput).mutation(({ ctx, input }) => {
    const { name, ...content } = input;
    const playlist = createPlaylist(ctx.deps.db, name, content);
    ctx.log.info({ adminId: ctx.user.id, playlistId: playlist._id }, 'admin created a playlist');
    return playlist;
  }),

  update: adminProcedure.input(playlistUpdateInput).mutation(({ ctx, input }) => {
    const { id, ...changes } = input;
    const playlist = updatePlaylist(ctx.deps.db, id, changes);
    if (!playlist) throw noSuchPlaylist(id);
    ctx.deps.events.publish('slider-data-changed');
    ctx.log.info({ adminId: ctx.user.id, playlistId: id }, 'admin updated a playlist');
    return playlist;
  }),

  delete: adminProcedure.input(playlistIdInput).mutation(({ ctx, input }) => {
    if (!deletePlaylist(ctx.deps.db, input.id, ctx.deps.config.mediaRoot)) throw noSuchPlaylist(input.id);
    ctx.deps.events.publish('slider-data-changed');
    ctx.log.info({ adminId: ctx.user.id, playlistId: input.id }, 'admin deleted a playlist');
    return { message: 'Playlist deleted' };
  }),
});
