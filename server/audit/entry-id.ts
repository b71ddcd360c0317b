// Entry ids: UUIDv7 (RFC 9562), whose first 48 bits are the millisecond and the next 12 a counter
// within it (the RFC's method 1), so that entries recorded in one millisecond by this process sort
// in the order they were recorded. The list breaks ties of `at` by id.
import { randomBytes } from 'node:crypto';

const COUNTER_MAX = 0xfff;
let lastMs = -1;
let counter = 0;

export function newEntryId(now: number): string {
  // Never behind the last id, even if the clock steps back; a full counter borrows the next millisecond.
  let ms = Math.max(now, lastMs);
  if (ms === lastMs) {
    counter += 1;
    if (counter > COUNTER_MAX) {
      ms += 1;
      counter = 0;
    }
  } else {
    counter = 0;
  }
  lastMs = ms;

  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
