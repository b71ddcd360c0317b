// The part of a long search fragment that the substring index looks up, the whole fragment then
// checked on the few rows found (decision 034's amendment): an index of trigrams matches a
// fragment by all of its trigrams, and a 33-letter phrase has 31, most as common as " of" or "e m",
// whose lists the index reads whole (1.1 ms on SQLite for issue 26's bench phrase, against 0.04 to
// 0.16 ms for one of its words). A longer word is a rarer one, as a rule, and a word's trigrams
// hold no space.

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The longest word (a run of letters and digits) of the folded fragment, the first of the longest;
 * undefined when the fragment is that word alone or when it is shorter than `minLength` characters,
 * too short for the index.
 */
export function longestWord(folded: string, minLength: number): string | undefined {
  let longest = '';
  for (const [word] of folded.matchAll(WORD)) if ([...word].length > [...longest].length) longest = word;
  return [...longest].length >= minLength && longest !== folded ? longest : undefined;
}
