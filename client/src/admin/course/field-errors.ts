// Where a refused save's reason belongs (issue 26: "the server's 400 messages displayed next to
// the field"). The server's validation messages start with the field they are about ("title must
// be at most 200 characters", "body: ..."): the reason goes beside that field, else above the form.

/** The field a server message names first, among `fields`; null when it names none of them. */
export function fieldOfMessage<F extends string>(message: string, fields: readonly F[]): F | null {
  const first = /^([A-Za-z]+)[\s:]/.exec(message)?.[1];
  return fields.find((field) => field === first) ?? null;
}

/** "12 / 200": how much of a limit a value uses, as the limits count (UTF-16 code units, like zod's max). */
export const lengthNote = (value: string, max: number) => `${value.length.toLocaleString('en-US')} / ${max.toLocaleString('en-US')} characters`;
