// A captions file's cues, read with W3C's WebVTT parser (webvtt-parser) when the file is uploaded:
// the transcript panel and the course search read them from the database. A cue's text is kept as
// plain text: its markup (<b>, <v Speaker>, <c.loud>, and whatever else someone typed, <script>
// included) is dropped and its character references decoded, so nothing of it can ever be markup.
// Nor a control character, which a reference such as "&#0;" decodes to as well as a raw byte can be:
// PostgreSQL cannot store U+0000, and the others are no caption's text (shared/text.ts's rule).
import { createRequire } from 'node:module';
import { WebVTTParser, type CueNode } from 'webvtt-parser';
import { replaceControlCharacters } from '../../../shared/text';

// All of HTML's named references (the parser knows only a handful without them): a caption's
// "&eacute;" reads as "é" in the transcript, as the browser's own track renderer shows it.
const entities = createRequire(import.meta.url)('webvtt-parser/html-entities.json') as Record<string, string>;

export interface CaptionCue {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

const plainText = (nodes: readonly CueNode[]): string => nodes.map((node) => (node.type === 'text' ? node.value : plainText(node.children))).join('');

/**
 * The cues of a WebVTT file, in file order, as plain text with its lines joined by a space and each
 * control character made a space (so that words it parted stay apart); cues
 * whose text is empty are left out. Undefined when the file does not start with WEBVTT (the only
 * error that makes it no WebVTT file at all: a player skips a malformed cue and shows the rest,
 * and so does this).
 */
export function readCaptionCues(source: string): CaptionCue[] | undefined {
  if (!/^(\ufeff)?WEBVTT([ \t\r\n]|$)/.test(source)) return undefined;
  const { cues } = new WebVTTParser(entities).parse(source, 'metadata');
  return cues
    .map((cue) => ({
      startSeconds: cue.startTime,
      endSeconds: cue.endTime,
      text: replaceControlCharacters(plainText(cue.tree.children), ' ').replace(/\s+/g, ' ').trim(),
    }))
    .filter((cue) => cue.text !== '');
}
