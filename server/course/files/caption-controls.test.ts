// Issue 33, finding 1: a caption cue's character references decode to any code point, so a cue of
// "&#0;" was a U+0000 that PostgreSQL cannot store (the upload was a 500 there), and the other
// controls (an escape sequence, C1's CSI and NEL) reached the transcript and the search. A cue keeps
// no control character (shared/text.ts's rule); the rest of its text stays. On SQLite and
// PostgreSQL (the postgres project).
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasControlCharacter } from '../../../shared/text';
import { adminAppForEachTest } from '../../../tests/support/admin-app';
import { courseSite } from '../../../tests/support/course-site';
import { courseCaptionCues } from '../../db/schema';

const site = adminAppForEachTest();
const course = courseSite(site);

const VTT = [
  'WEBVTT',
  '00:00.000 --> 00:01.000\nNull&#0;here',
  '00:01.000 --> 00:02.000\n&#27;[31mRed&#27;[0m bell&#7; and &#155;2J csi',
  // Raw controls in the file itself, not references: C1's NEL, a vertical tab, DEL.
  '00:02.000 --> 00:03.000\nnext\u0085line\u000bvertical\u007fdel',
  '00:03.000 --> 00:04.000\n&#0;&#1;',
  '00:04.000 --> 00:05.000\nPlain caf&eacute; text',
].join('\n\n');

describe('caption cues', () => {
  it('keep no control character, from a reference or raw, and the upload succeeds on either database', async () => {
    const module = await course.createModule({ title: 'Signals', published: true });
    const lesson = await course.createLesson({ moduleId: module._id, title: 'Noise', kind: 'video' });
    const fileId = await course.uploadFile(
      lesson._id,
      { role: 'captions', lang: 'en', label: 'English' },
      { name: 'talk.vtt', type: 'text/vtt', content: Buffer.from(VTT) },
    );

    const cues = await site.db.db
      .select({ startSeconds: courseCaptionCues.startSeconds, text: courseCaptionCues.text })
      .from(courseCaptionCues)
      .where(eq(courseCaptionCues.fileId, fileId))
      .orderBy(asc(courseCaptionCues.position));
    // A control goes as a space would, so that words it parted stay apart; a cue of nothing else goes.
    expect(cues).toEqual([
      { startSeconds: 0, text: 'Null here' },
      { startSeconds: 1, text: '[31mRed [0m bell and 2J csi' },
      { startSeconds: 2, text: 'next line vertical del' },
      { startSeconds: 4, text: 'Plain café text' },
    ]);

    const search = await course.api('GET', `/api/course/search?q=${encodeURIComponent('red')}`);
    expect(search.status, search.raw).toBe(200);
    const snippets = (search.body.results as Array<{ snippet: string; at: number | null }>).map((hit) => hit.snippet);
    expect(snippets).toHaveLength(1);
    expect(snippets.filter(hasControlCharacter)).toEqual([]);
  });
});
