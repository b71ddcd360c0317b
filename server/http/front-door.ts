// The few answers the server gives before Fastify sees the request: ready answers held in memory
// for the hottest GET routes (the public slider data, read on every page view). Fastify's routing,
// its request and reply objects, its per-request logger and hooks cost as much as the answer
// itself on those routes (decision 022); a path matched here skips them all.
//
// The route stays registered in Fastify as well, with the same answer: it serves what the front
// door passes on (no ready answer yet, a request with a body, the app closing, an encoded path)
// and app.inject(), which never goes through the server.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { declaresBody } from './body-rules';

/** Answers the request and says true, or says false and leaves it untouched for Fastify. */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

export class FrontDoor {
  private readonly answers = new Map<string, EarlyAnswer>();
  private open = true;

  /** A door in front of `app`'s server, shut as the app starts closing, so that Fastify answers the 503s then. */
  static mountedOn(app: FastifyInstance): FrontDoor {
    const door = new FrontDoor();
    door.mount(app.server);
    app.addHook('preClose', (done) => {
      door.close();
      done();
    });
    return door;
  }

  /** `answer` is tried for GET and HEAD requests whose path (the query aside) is exactly `path`. */
  add(path: string, answer: EarlyAnswer): void {
    this.answers.set(path, answer);
  }

  /** From now on everything goes to Fastify, which answers 503 while it closes. */
  close(): void {
    this.open = false;
  }

  /**
   * Puts the door in front of the handler Fastify gave its server. Not through Fastify's
   * serverFactory: with one, Fastify binds a host name such as localhost to one of its addresses
   * only. (The second server Fastify makes for the other address answers through Fastify alone.)
   */
  private mount(server: Server): void {
    const fastify = server.listeners('request') as Array<(request: IncomingMessage, response: ServerResponse) => void>;
    server.removeAllListeners('request');
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (!this.answered(request, response)) for (const handle of fastify) handle(request, response);
    });
  }

  private answered(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.open || this.answers.size === 0) return false;
    const { method, url = '' } = request;
    if ((method !== 'GET' && method !== 'HEAD') || declaresBody(request.headers)) return false;
    const query = url.indexOf('?');
    const answer = this.answers.get(query < 0 ? url : url.slice(0, query));
    return answer !== undefined && answer(request, response);
  }
}
