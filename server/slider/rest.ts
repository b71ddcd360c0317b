// The slideshow's settings and playlists over REST (CONTRACT §2). The public slider data is a
// route of its own (public-route.ts).
import { z } from 'zod';
import { messageAnswer, playlistSchema } from '../../shared/answer-schemas';
import { playlistCreateInput, playlistIdInput, playlistUpdateInput, sliderConfigSchema } from '../../shared/slider-schemas';
import { besideSuccess, inData } from '../http/answers';
import { restRowsOf, type RestSection } from '../http/rest-rows';
import { createCallerFactory } from '../trpc/init';
import { playlistsRouter, sliderRouter } from './router';

const slider = restRowsOf(createCallerFactory(sliderRouter));
const playlists = restRowsOf(createCallerFactory(playlistsRouter));

export const sliderRest: RestSection = {
  tag: 'Slider',
  rows: [
    slider.noInputRow({
      method: 'GET',
      url: '/api/slider/config',
      access: 'admin',
      summary: "The slideshow's settings",
      answer: inData(sliderConfigSchema),
      procedure: (c) => c.config,
    }),
    slider.row({
      method: 'PUT',
      url: '/api/slider/config',
      access: 'admin',
      summary: "Save the slideshow's settings (the whole record)",
      input: sliderConfigSchema,
      answer: besideSuccess(messageAnswer),
      procedure: (c) => c.saveConfig,
    }),
  ],
};

export const playlistsRest: RestSection = {
  tag: 'Playlists',
  rows: [
    playlists.noInputRow({
      method: 'GET',
      url: '/api/playlists',
      access: 'admin',
      summary: 'Every playlist',
      answer: inData(z.array(playlistSchema)),
      procedure: (c) => c.list,
    }),
    playlists.row({
      method: 'POST',
      url: '/api/playlists',
      status: 201,
      access: 'admin',
      summary: 'Create a playlist',
      input: playlistCreateInput,
      answer: inData(playlistSchema),
      procedure: (c) => c.create,
    }),
    playlists.row({
      method: 'PUT',
      url: '/api/playlists/:id',
      access: 'admin',
      summary: 'Change a playlist: its name, and the lists that are given',
      input: playlistUpdateInput,
      answer: inData(playlistSchema),
      refusals: { 404: 'No playlist with that id.' },
      procedure: (c) => c.update,
    }),
    playlists.row({
      method: 'DELETE',
      url: '/api/playlists/:id',
      access: 'admin',
      summary: "Delete a playlist; if it was the active one, the settings' activePlaylist becomes empty",
      input: playlistIdInput,
      answer: besideSuccess(messageAnswer),
      refusals: { 404: 'No playlist with that id.' },
      procedure: (c) => c.delete,
    }),
  ],
};
