// A live stream the test writes to, as the server's event stream (BRIEF wire format) would arrive:
// a 200 text/event-stream whose body the test fills and ends.
export interface TestStream {
  response: Response;
  send: (event: string, data: unknown) => void;
  /** Raw text, cut where the test likes. */
  write: (text: string) => void;
  /** The connection drops (the server went away). */
  end: () => void;
}

export function testStream(): TestStream {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(control) {
      controller = control;
    },
  });
  const write = (text: string) => controller.enqueue(encoder.encode(text));
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write,
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    end: () => controller.close(),
  };
}
