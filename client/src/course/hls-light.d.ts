// hls.js's light build (decision 048: no subtitles, alternate audio or DRM, which the lessons do not
// use; the captions are the page's own <track> elements) has the full build's API, but its package
// names no types for it.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
