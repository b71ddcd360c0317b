// The lesson's media as GET /api/course/lessons/{id} hands it out (CONTRACT §4 and §7): signed URLs,
// each captions file with its language and label, and the HLS stream once it is transcoded.
export interface CaptionFile {
  lang: string;
  label: string;
  url: string;
}

/** The signed HLS master playlist (its renditions and segments sit under the same signed prefix) and poster. */
export interface LessonStream {
  url: string;
  poster: string | null;
}

export interface LessonMediaFile {
  /** The original file: what plays until the stream is ready, and if the stream cannot play. */
  url: string;
  type: string;
  captions: readonly CaptionFile[];
  /** Null until the transcode is done. */
  stream: LessonStream | null;
}

export interface LessonAttachment {
  name: string;
  size: number;
  url: string;
}
