// What each dialect's file of the course search provides (search-sqlite.ts, search-postgres.ts),
// apart from the chooser (search-index.ts), so that the dialects and the chooser both point down
// to it and never at each other.
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client';

/** A query made into a search: folded as the index folds, and as a LIKE pattern taken literally. */
export interface SearchFragment {
  folded: string;
  pattern: string;
}

export type TextHit = { lessonId: string; text: string };
export type CueHit = { lessonId: string; text: string; at: number };

/** A query of search.ts, not yet run: awaited it runs alone, and a dialect may embed it in a statement of its own. */
export type HitsQuery<Hit> = SQLWrapper & PromiseLike<Hit[]>;

export interface CourseSearchDialect {
  /** Holds for the rows whose lesson id `column` is one of `ids`. */
  lessonIn(column: SQLiteColumn, ids: string[]): SQL;
  /** Holds for the rows of course_lesson_texts whose text contains the fragment. */
  lessonTextContains(fragment: SearchFragment): SQL;
  /**
   * The rows of `texts` (the lessons' texts that contain the fragment), and the first cue hits in
   * course order when they come without a walk: `firstLesson`'s rows (the walk's first run) when
   * that one lesson holds SEARCH_RESULTS_MAX of them, else those of `cues` over the caption cues
   * that contain the fragment when fewer than `atMost` cues of the whole course do (counted
   * through the index, no further than `atMost`). `cues` is undefined otherwise: search.ts walks then.
   * A dialect may run `firstLesson` or not: it only saves the walk's first query. Asked for
   * fragments of 3 characters or more, which the trigram indexes hold; a 2-character one goes
   * through the letters index instead (search-grams.ts).
   */
  firstHits(
    db: Db,
    fragment: SearchFragment,
    queries: { texts: HitsQuery<TextHit>; cues: (contains: SQL) => HitsQuery<CueHit>; firstLesson: HitsQuery<CueHit> },
    atMost: number,
  ): Promise<{ texts: TextHit[]; cues: CueHit[] | undefined }>;
  /** The cues' text contains the fragment, checked on each row without the index: for a walk through one lesson's cues. */
  cueRowContains(fragment: SearchFragment): SQL;
}
