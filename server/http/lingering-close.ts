// What becomes of the rest of a body once its request is answered early (a refusal from the headers,
// a 401 or a 415 to an upload, a file over the limit): nginx's `lingering_close`. The answer says
// `Connection: close` and goes out with a FIN after it; the rest of the body is then read and thrown
// away, and the connection closes when the body ends, or at the limits (slow-clients.ts), whichever
// comes first.
//
// Closing at once loses the answer: a client that writes its whole body before it reads (most do)
// is still sending, our kernel answers bytes that nobody will read with a reset, and the client's
// next write fails (EPIPE, ECONNRESET) before it ever reads the answer waiting for it.
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { declaresBody } from './body-rules';

export interface LingerLimits {
  /** How long the rest of a body is read after its answer. */
  lingerMs: number;
  /** How much of it is read. */
  lingerBytes: number;
}

export function lingerAfterEarlyAnswers(app: FastifyInstance, limits: LingerLimits) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const { raw } = request;
    // (A request made by app.inject has no real socket, and nothing to read.)
    if (declaresBody(raw.headers) && !raw.complete && raw.socket instanceof Socket) {
      // Whatever comes next on this connection is the rest of this body, never a next request.
      reply.header('connection', 'close');
      closeAfterRest(raw, raw.socket, limits);
    }
    done(null, payload);
  });
}

/**
 * Node ends a connection whose answer says close through the socket's destroySoon(): a FIN, then a
 * destroy as soon as the answer is written, with the body unread. Here the FIN goes out at the same
 * moment (nginx's shutdown), and the destroy waits for the rest of the body as well.
 */
function closeAfterRest(raw: IncomingMessage, socket: Socket, limits: LingerLimits) {
  let answered = false;
  let restRead = false;
  const close = () => {
    Reflect.deleteProperty(socket, 'destroySoon');
    socket.destroySoon();
  };
  socket.destroySoon = () => {
    answered = true;
    socket.end();
    if (restRead) close();
  };
  discardRest(raw, socket, limits, () => {
    restRead = true;
    if (answered) close();
  });
}

/** Reads the rest of the body into nothing; `done` once it has all come, or at the first limit. */
function discardRest(raw: IncomingMessage, socket: Socket, limits: LingerLimits, done: () => void) {
  let bytes = 0;
  const stop = () => {
    clearTimeout(timer);
    raw.removeListener('data', count);
    raw.removeListener('end', stop);
    done();
  };
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > limits.lingerBytes) stop();
  };
  // Alone, it must not keep a process that is shutting down alive.
  const timer = setTimeout(stop, limits.lingerMs).unref();
  socket.once('close', () => clearTimeout(timer));
  // Whoever read the body (the upload's multipart parser) is done with it: left piped, it would
  // stop pulling once nobody takes its parts, and the rest would sit unread until the limit.
  raw.unpipe();
  raw.removeAllListeners('data');
  raw.on('data', count);
  raw.once('end', stop);
  // Now, before the answer is written: at its end Node would throw the rest away by itself, and
  // unseen, so uncounted.
  raw.resume();
}
