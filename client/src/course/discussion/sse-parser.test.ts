import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

function parse(...chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.feed(chunk);
  return events;
}

describe('the event-stream parser', () => {
  it('hands on named events with their data, and skips keep-alive comments', () => {
    expect(parse('event: ready\ndata: {}\n\n: keep-alive\n\nevent: removed\ndata: {"_id":"c1"}\n\n')).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'removed', data: '{"_id":"c1"}' },
    ]);
  });

  it('joins an event cut anywhere across chunks, CRLF split included', () => {
    expect(parse('event: com', 'ment\r', '\ndata: {"comment"', ':1}\r\n\r', '\n')).toEqual([{ event: 'comment', data: '{"comment":1}' }]);
  });

  it('joins several data lines with a newline, keeps a value without a space after the colon, and names a nameless event "message"', () => {
    expect(parse('data:one\ndata: two\n\n')).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('sends nothing for an event without data, nor for one not yet ended by a blank line', () => {
    expect(parse('event: ready\n\n', 'event: closed\ndata: {}\n')).toEqual([]);
  });

  it('ignores id and retry fields and lone CR line ends', () => {
    expect(parse('id: 7\rretry: 10\revent: ready\rdata: {}\r\r')).toEqual([{ event: 'ready', data: '{}' }]);
  });
});
