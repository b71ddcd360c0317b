// The rule of every text a request carries (issue 25): no control characters. PostgreSQL cannot
// store U+0000 in text at all (error 22021, which was a 500), SQLite's FTS5 cannot quote it in a
// phrase, and the others (escape sequences, a carriage return in a name, C1's NEL) are never
// meant in a name, an email, an id, a path, a search or a code: they are a client's mistake or an
// attack on whoever shows the text later, a terminal, a log, a CSV cell.
//
// Every text field of every input schema (shared/*-schemas.ts) ends its cleaning with this check,
// and shared/text.test.ts walks the schemas to hold them to it. It comes after `.trim()` where a
// field trims, so a stray newline around a value is forgiven as any other whitespace is, and
// before the length and format checks, so its message is the one a client reads.
//
// - Tab and newline too: no field today is multi-line. A field that is (a lesson's body, say)
//   should allow \n and \t, and only those, in a rule of its own beside this one.
// - Not the passwords: a password is never stored or shown as text, only its argon2 hash (over its
//   UTF-8 bytes, which keep a U+0000), so nothing breaks on one; refusing at sign-in would lock out
//   an account whose password already holds one, and a new password is the owner's own choice.
import { z } from 'zod';

// C0 (U+0000–U+001F, tab and newline among them), DEL (U+007F) and C1 (U+0080–U+009F).
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);

const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');

/**
 * The text with each control character of the rule above replaced by `by`: for text that comes
 * from a file rather than a request's field, and is kept rather than refused (a caption cue).
 */
export const replaceControlCharacters = (text: string, by: string): string => text.replace(CONTROL_CHARACTERS, by);

/**
 * The check for a string schema: `z.string(…).trim().check(plainText('Name')).min(…)`, `field` named
 * as the field's other messages name it. It stops the field's other checks, so that the message a
 * client reads names the real problem.
 */
export const plainText = (field: string) =>
  z.refine<string>((text) => !hasControlCharacter(text), { error: `${field} must not contain control characters`, abort: true });

// Every control character but tab and newline: what a multi-line text (a lesson's Markdown body)
// may not hold. A carriage return is refused too: a body's lines end in \n, as the editor sends them.
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_CHARACTER_BUT_TAB_AND_NEWLINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export const hasControlCharacterBeyondLines = (text: string): boolean => CONTROL_CHARACTER_BUT_TAB_AND_NEWLINE.test(text);

/** The check of a multi-line text field (a Markdown body): plainText's rule, with tab and newline allowed. */
export const multiLineText = (field: string) =>
  z.refine<string>((text) => !hasControlCharacterBeyondLines(text), {
    error: `${field} must not contain control characters other than tab and newline`,
    abort: true,
  });
