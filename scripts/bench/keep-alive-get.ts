// Sequential GETs over one kept-alive connection with node:http, for the REST side of a latency
// figure. fetch (undici) spends 0.3-1.2 ms of its own on each request on this machine, through its
// web streams; with it, the client's cost would be counted as the server's.
import http from 'node:http';

export interface KeepAliveGet {
  /** The answer's body; refused unless the status is 2xx. */
  (url: string, headers?: Record<string, string>): Promise<Buffer>;
  close(): void;
}

export function keepAliveGet(): KeepAliveGet {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<Buffer>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const body = Buffer.concat(chunks);
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve(body);
            else reject(new Error(`${url}: ${status} ${body.toString()}`));
          });
        })
        .on('error', reject);
    });
  return Object.assign(get, { close: () => agent.destroy() });
}
