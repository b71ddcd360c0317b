// Types for webvtt-parser (W3C's WebVTT parser and validator, CommonJS, no types of its own): the
// part of its API that server/course/files/captions.ts uses.
declare module 'webvtt-parser' {
  /** A node of a cue's parsed text: plain text, or a span (<b>, <v Speaker>, <c.class>…) holding others. */
  export type CueNode = { type: 'text'; value: string } | { type: 'object'; name: string; value?: string; classes: string[]; children: CueNode[] };

  export interface ParsedCue {
    id: string;
    startTime: number;
    endTime: number;
    /** The cue's text as written, markup and all. */
    text: string;
    tree: { children: CueNode[] };
  }

  export interface ParseError {
    message: string;
    line: number;
  }

  export class WebVTTParser {
    /** `entities`: the named character references to decode (html-entities.json for all of HTML's). */
    constructor(entities?: Record<string, string>);
    parse(input: string, mode?: 'metadata' | 'chapters'): { cues: ParsedCue[]; errors: ParseError[] };
  }
}
