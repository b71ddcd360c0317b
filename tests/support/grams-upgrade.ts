// An install from before the course search's letters index (decision 037): lessons with their
// searched text and a captions file of cues each, written as that version wrote them. The rows,
// as statements for either database (`$n` parameters, each once and in order, so that SQLite may read them as `?`).
import { COURSE_SEED_MODULES } from '../../shared/course-seed';

export const UPGRADED_LESSONS = 40;
const CUES = 30;
const AT = 1_700_000_000_000;

export const lessonIdOf = (i: number) => `lesson-${String(i).padStart(4, '0')}`;

/** Lesson i's cue j: "Zq" in lesson 37's cue 29 only (late in the course, as the bench's rare pair). */
const cueText = (i: number, j: number) => `Lesson ${i} says ${i === 37 && j === 29 ? 'a Zq at last' : 'nothing new'} (${j})`;

export function* olderRows(): Generator<[sql: string, params: unknown[]]> {
  for (let i = 0; i < UPGRADED_LESSONS; i++) {
    const id = lessonIdOf(i);
    yield [
      `insert into course_lessons (id, module_id, title, summary, position, published, free_preview, kind, body, created_at, updated_at)
       values ($1, $2, $3, 'In short', $4, $5, $6, 'video', 'Body', $7, $8)`,
      [id, COURSE_SEED_MODULES[0]!.id, `Lesson ${i}`, i, 1, 0, AT, AT],
    ];
    yield ['insert into course_lesson_texts (lesson_id, text, version) values ($1, $2, 1)', [id, `Lesson ${i}\nIn short\nBody`]];
    yield [
      `insert into course_files (id, lesson_id, role, name, stored_name, size, content_type, lang, label, created_at)
       values ($1, $2, 'captions', 'talk.vtt', $3, 1, 'text/vtt', 'en', 'English', $4)`,
      [`file-${i}`, id, `file-${i}.vtt`, AT],
    ];
    for (let j = 0; j < CUES; j++) {
      yield [
        'insert into course_caption_cues (file_id, lesson_id, position, start_seconds, end_seconds, text) values ($1, $2, $3, $4, $5, $6)',
        [`file-${i}`, id, j, j * 2, j * 2 + 1, cueText(i, j)],
      ];
    }
  }
}
