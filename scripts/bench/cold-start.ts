// Cold start: the built server on an empty DATA_DIR (database created and migrated, secret
// generated) until /healthz answers 200.
import { startServer } from '../server-process';
import { fmt, median } from './stats';

export async function benchColdStart() {
  console.log('\n## Cold start (node dist/server/main.js, empty DATA_DIR, to the first 200 from /healthz)');
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    const server = await startServer();
    samples.push(server.startupMs);
    await server.stop();
  }
  console.log(`runs: ${samples.map((ms) => fmt(ms, 0)).join(', ')} ms; median ${fmt(median(samples), 0)} ms (aim < 1000 ms)`);
}
