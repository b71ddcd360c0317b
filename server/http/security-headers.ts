// Security headers on every response: the page policy on HTML, a load-nothing policy on the rest.
// A route that needs its own policy (the media files) sets Content-Security-Policy first; this hook
// leaves it alone.
import type { FastifyInstance } from 'fastify';

/**
 * The page policy. `nonce`, fresh for each page response, lets the client's own <style> elements
 * in (the drag-and-drop library injects some); without one, no inline style element runs at all.
 */
export const pageContentSecurityPolicy = (nonce?: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    nonce ? `style-src 'self' 'nonce-${nonce}'` : "style-src 'self'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

// Every response: nothing may sniff a type, frame it, or learn the page's address.
const COMMON_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  // Reset links carry their token in the path: never hand a page's address to another site.
  'referrer-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

// Pages (HTML) get the policy the client app needs, plus the headers that only matter to a document.
const PAGE_HEADERS = Object.entries({
  'content-security-policy': pageContentSecurityPolicy(),
  ...COMMON_HEADERS,
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
});

// Everything else (JSON, errors, files) is never a document to run: it may load nothing at all.
export const DATA_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  ...COMMON_HEADERS,
};
const DATA_HEADERS = Object.entries(DATA_SECURITY_HEADERS);

// Once a browser has seen the site over https, it never goes back to plain http for a year.
export const HSTS_HEADER = 'max-age=31536000';

/** `https`: the site's public address (APP_URL) is https, so HSTS is sent. */
export function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }) {
  // A callback hook, not an async one: it runs on every response, and a promise per response is
  // measurable. (GET /api/slider/public writes its own, precomputed: server/slider/public-route.ts.)
  app.addHook('onSend', (_request, reply, payload, done) => {
    const isPage = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    for (const [name, value] of isPage ? PAGE_HEADERS : DATA_HEADERS) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    // Answers that say nothing of their caching (API data, a member's own data among them) are
    // kept by no cache; files, pages and the public slider data set their own.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (https) reply.header('strict-transport-security', HSTS_HEADER);
    done(null, payload);
  });
}
