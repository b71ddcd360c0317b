// The lesson's media as GET /api/course/lessons/{id} hands it out (CONTRACT §4): signed URLs, each
// captions file with its language and label.
export interface CaptionFile {
  lang: string;
  label: string;
  url: string;
}

export interface LessonMediaFile {
  url: string;
  type: string;
  captions: readonly CaptionFile[];
}

export interface LessonAttachment {
  name: string;
  size: number;
  url: string;
}
