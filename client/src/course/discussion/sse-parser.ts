// A reader of the event-stream format (HTML "Server-sent events" §9.2.6), for the discussion's
// live stream, which is read with fetch because EventSource cannot send the bearer header. It takes
// the text as it arrives, in chunks cut anywhere, and hands on each whole event; comment lines
// (the server's keep-alives), `id` and `retry` carry nothing this client uses.

export interface SseEvent {
  /** "message" when the event named none. */
  event: string;
  data: string;
}

export function createSseParser(onEvent: (event: SseEvent) => void): { feed: (chunk: string) => void } {
  let buffer = '';
  let name = '';
  let data: string[] = [];
  // A CR ending one chunk may be the first half of a CRLF split across two.
  let afterCr = false;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n') });
    name = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  };

  return {
    feed(chunk) {
      let text = chunk;
      if (afterCr && text.startsWith('\n')) text = text.slice(1);
      afterCr = false;
      buffer += text;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        if (end === -1) break;
        const cr = buffer[end] === '\r';
        if (cr && end === buffer.length - 1) afterCr = true;
        const width = cr && buffer[end + 1] === '\n' ? 2 : 1;
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + width);
        line(text);
      }
    },
  };
}
