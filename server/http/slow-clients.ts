// Connections that trickle their headers or body (slowloris) are closed, while a 200 MB upload
// over a slow but steady link still gets through. The figures and why: docs/decisions/008-request-bodies-and-slow-clients.md.
import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { declaresBody } from './body-rules';
import type { LingerLimits } from './lingering-close';

export interface SlowClientLimits extends LingerLimits {
  headersTimeoutMs: number;
  checkIntervalMs: number;
  bodyWindowMs: number;
  minBodyBytesPerWindow: number;
}

export const SLOW_CLIENT_LIMITS: SlowClientLimits = {
  /** All of a request's headers must arrive within this time. */
  headersTimeoutMs: 20_000,
  /** How often Node looks for connections over the headers time. */
  checkIntervalMs: 2_000,
  /** A body must bring at least this many bytes in every window of this length. */
  bodyWindowMs: 20_000,
  minBodyBytesPerWindow: 20 * 1024,
  /**
   * The rest of a body answered early is read and thrown away for this long (lingering-close.ts),
   * nginx's 5 s `lingering_timeout`: time for a client on a slow link to finish sending what its
   * buffers hold, and no longer, since the body is no use to us.
   */
  lingerMs: 5_000,
  /**
   * At most this much of that rest is read. Thrown away as it comes, it costs no memory; the cap
   * stops a client from making us read gigabytes for the whole time. 32 times the JSON body limit: enough
   * for a JSON document of several MB, or what comes after a file refused at the upload limit, sent
   * whole by a client that reads only after it has sent everything.
   */
  lingerBytes: 32 * 1024 * 1024,
};

/** Node's own header timeout, for Fastify's `http` option. */
export function slowHeaderOptions(limits: SlowClientLimits = SLOW_CLIENT_LIMITS): ServerOptions {
  return { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs };
}

/**
 * Watches every request body: a window in which the client sent fewer than the minimum bytes
 * closes the connection. Bytes are read off the socket's counter, so the watch never touches the
 * stream the route reads. A window in which our side held the client back (bytes waiting in our
 * buffers: a slow disk under an upload) is not the client's fault and does not count.
 */
export function watchBodyRate(app: FastifyInstance, limits: SlowClientLimits = SLOW_CLIENT_LIMITS) {
  app.addHook('onRequest', (request, _reply, done) => {
    const { raw } = request;
    const socket = raw.socket;
    // (A request made by app.inject has no real socket, and nothing to watch.)
    if (!declaresBody(raw.headers) || raw.complete || typeof socket?.bytesRead !== 'number') return done();
    let seen = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed) return stop();
      const arrived = socket.bytesRead - seen;
      seen = socket.bytesRead;
      const heldBack = raw.readableLength > 0 || socket.readableLength > 0 || socket.isPaused();
      if (arrived < limits.minBodyBytesPerWindow && !heldBack) {
        stop();
        request.log.warn({ ip: request.ip, arrived, windowSeconds: limits.bodyWindowMs / 1000 }, 'closing a connection whose body trickles');
        socket.destroy();
      }
    }, limits.bodyWindowMs);
    // The watch ends with the request: a timer left for its window would keep the request (and
    // its memory) alive for 20 s after every small POST.
    const stop = () => clearInterval(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    timer.unref();
    done();
  });
}
