// Where a refused save's reason belongs (issue 26: "the server's 400 messages displayed next to
// the field"). The server's validation messages start with the field they are about ("title must
// be at most 200 characters", "body: ..."): the reason goes beside that field, else above the form.
// A field inside another is named by its path ("quiz.passPercent must be ...", "options.text is
// required"): it goes beside that field, else beside the one holding it (a question's options).

/** The field a server message names first, among `fields`, or the field that holds it; null when it names none of them. */
export function fieldOfMessage<F extends string>(message: string, fields: readonly F[]): F | null {
  const first = /^([A-Za-z]+(?:\.[A-Za-z_]+)*)[\s:]/.exec(message)?.[1];
  if (first === undefined) return null;
  const holders = fields.filter((field) => first === field || first.startsWith(`${field}.`));
  // The deepest one: "quiz.passPercent" before "quiz".
  return holders.sort((a, b) => b.length - a.length)[0] ?? null;
}

/** "12 / 200": how much of a limit a value uses, as the limits count (UTF-16 code units, like zod's max). */
export const lengthNote = (value: string, max: number) => `${value.length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')} characters`;
