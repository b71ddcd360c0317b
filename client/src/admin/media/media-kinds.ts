// How the screen names each media category (spec §2, §5, §8): the selector's option, the word in
// messages ("to images", "No images found") and the library's title ("Current Images Library").
import { MEDIA_EXTENSIONS, MEDIA_TYPE_WORDS, type MediaCategory } from '@shared/media';

interface MediaKind {
  /** Lower case and plural, as messages use it: images, videos, audio. */
  word: string;
  /** The same word capitalised, for titles and the selector: Images, Videos, Audio. */
  title: string;
}

export const MEDIA_KINDS: Record<MediaCategory, MediaKind> = {
  image: { word: MEDIA_TYPE_WORDS.image, title: 'Images' },
  video: { word: MEDIA_TYPE_WORDS.video, title: 'Videos' },
  audio: { word: MEDIA_TYPE_WORDS.audio, title: 'Audio' },
};

/** The file input's accept list: the category's extensions, which browsers match by name. */
export function acceptFor(category: MediaCategory): string {
  return MEDIA_EXTENSIONS[category].map((extension) => `.${extension}`).join(',');
}
