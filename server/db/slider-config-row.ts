// The slider settings table holds one record, with this id. The slider's config calls write it;
// the media library reads its base path from it too (media/base-path.ts).
export const SLIDER_CONFIG_ROW_ID = 1;
