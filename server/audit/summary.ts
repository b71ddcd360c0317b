// The wording of entry summaries, shared by every domain that records one. A summary names what
// changed and how, never a secret: a password change says "password" and nothing more.

type Value = string | number | boolean;

/** One field as it was and as it is; `label` is how the summary names it. */
export interface FieldChange {
  label: string;
  before: Value;
  after: Value;
}

/**
 * "changed tier free → paid, role user → admin", leaving out fields that did not change; a bare
 * label ("password") is a change whose values are not shown. Nothing changed: "changed nothing".
 */
export function changesSummary(changes: ReadonlyArray<FieldChange | string>): string {
  const parts = changes.flatMap((change) => {
    if (typeof change === 'string') return [change];
    return change.before === change.after ? [] : [`${change.label} ${change.before} → ${change.after}`];
  });
  return parts.length > 0 ? `changed ${parts.join(', ')}` : 'changed nothing';
}

/** Free text set apart from the words around it: “Dawn light”. */
export const quoted = (text: string) => `“${text}”`;

/** The first few of a list and how many more: "a.png, b.png, c.png and 4 more". */
export function someOf(items: readonly string[], shown = 5): string {
  const rest = items.length - shown;
  return rest > 0 ? `${items.slice(0, shown).join(', ')} and ${rest} more` : items.join(', ');
}

/** "1 file", "3 files". */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
