// Input schemas of the slider and playlist procedures (CONTRACT "Slider and playlists").
import { z } from 'zod';
import { MAX_DURATION_MS, MAX_PLAYLIST_ITEMS, parseOverlayColor, PLAYLIST_NAME_MAX_LENGTH, SLIDE_TYPES, type PlaylistItem, type SliderConfig } from './slider';
import { plainText } from './text';

const COLOR_PATTERN = /^(\d{1,3}),(\d{1,3}),(\d{1,3})$/;

const duration = (field: string) =>
  z
    .number({ error: `${field} must be a whole number of milliseconds` })
    .int(`${field} must be a whole number of milliseconds`)
    .min(0, `${field} must be between 0 and ${MAX_DURATION_MS}`)
    .max(MAX_DURATION_MS, `${field} must be between 0 and ${MAX_DURATION_MS}`);

export const sliderConfigSchema = z.object({
  backgroundsBasePath: z
    .string({ error: 'backgroundsBasePath must be text' })
    .check(plainText('backgroundsBasePath'))
    .max(4096, 'backgroundsBasePath is too long'),
  activePlaylist: z
    .string({ error: 'activePlaylist must be a playlist id or empty' })
    .check(plainText('activePlaylist'))
    .max(100, 'activePlaylist is too long')
    .meta({ description: 'A playlist id, or empty for none', examples: [''] }),
  cycleTime: duration('cycleTime'),
  transitionDuration: duration('transitionDuration'),
  overlayOpacity: z
    .number({ error: 'overlayOpacity must be a number from 0 to 1' })
    .min(0, 'overlayOpacity must be a number from 0 to 1')
    .max(1, 'overlayOpacity must be a number from 0 to 1'),
  overlayColor: z
    .string({ error: 'overlayColor must be three numbers from 0 to 255, like 0,0,0' })
    .check(plainText('overlayColor'))
    .refine((value) => COLOR_PATTERN.test(value) && parseOverlayColor(value).every((c) => c <= 255), {
      error: 'overlayColor must be three numbers from 0 to 255, like 0,0,0',
    })
    .meta({ description: 'Red, green and blue, each 0 to 255', examples: ['0,0,0'] }),
  randomOrder: z.boolean({ error: 'randomOrder must be true or false' }),
}) satisfies z.ZodType<SliderConfig>;

const mediaUrlSchema = z
  .string({ error: 'Each url must be text' })
  .check(plainText('Each url'))
  .max(4096, 'A url is too long')
  .refine((url) => url.startsWith('/media/') && !url.split(/[/?]/).some((part) => part === '..' || part === '.'), {
    error: 'Each url must start with /media/',
  })
  .meta({ examples: ['/media/image/dawn.png'] });

const slideSchema = z.object({
  type: z.enum(SLIDE_TYPES, { error: 'Each item type must be image or video' }),
  url: mediaUrlSchema,
}) satisfies z.ZodType<PlaylistItem>;

const urlList = z.array(mediaUrlSchema, { error: 'images and videos must be lists of urls' }).max(MAX_PLAYLIST_ITEMS, `At most ${MAX_PLAYLIST_ITEMS} urls`);

const playlistContent = {
  items: z
    .array(slideSchema, { error: 'items must be a list of {type, url}' })
    .max(MAX_PLAYLIST_ITEMS, `A playlist holds at most ${MAX_PLAYLIST_ITEMS} items`)
    .optional(),
  images: urlList.optional(),
  videos: urlList.optional(),
};

const playlistName = z
  .string({ error: 'Playlist name is required' })
  .trim()
  .check(plainText('Playlist name'))
  .min(1, 'Playlist name is required')
  .max(PLAYLIST_NAME_MAX_LENGTH, `Playlist name must be at most ${PLAYLIST_NAME_MAX_LENGTH} characters`);

export const playlistCreateInput = z.object({ name: playlistName, ...playlistContent });
const playlistId = z.string({ error: 'id is required' }).check(plainText('id')).max(100);
export const playlistUpdateInput = z.object({ id: playlistId, name: playlistName.optional(), ...playlistContent });
export const playlistIdInput = z.object({ id: playlistId });
