// @fastify/static with nothing in front: a folder served as plain static files, the benchmarks'
// yardstick for the site's signed routes (course.ts, stream.ts).
export const BARE_STATIC = `
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
const app = Fastify();
await app.register(fastifyStatic, { root: process.env.FILES_ROOT, serve: true });
app.get('/healthz', async () => ({}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;
