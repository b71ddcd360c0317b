// Counts the records of a CSV file as its bytes arrive, for the export's progress and outcome.
// A line break ends a record unless it is inside a quoted cell; quotes inside a cell are doubled
// (RFC 4180), so an odd number of quotes so far means "inside a cell". Bytes, not text: a quote
// and a line feed are single bytes in UTF-8 and never part of another character.
const QUOTE = 0x22;
const LINE_FEED = 0x0a;

export class CsvRecordCounter {
  private quoted = false;
  private lineEnds = 0;

  add(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (byte === QUOTE) this.quoted = !this.quoted;
      else if (byte === LINE_FEED && !this.quoted) this.lineEnds += 1;
    }
  }

  /** Records after the header row. */
  get records(): number {
    return Math.max(0, this.lineEnds - 1);
  }
}
