// The first step of `npm test`: the Debian packages the tests start themselves (Chromium for the
// browser tests, redis-server for the tests of what several processes share, postgresql for the
// integration suite's second run, on PostgreSQL, ffmpeg for the course's test clips). Missing ones are
// installed when apt-get can run (as root, the way .ci/run runs); otherwise the run stops here
// with the command to type, instead of failing later in a test.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const onPath = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Debian keeps initdb and pg_ctl off PATH, in /usr/lib/postgresql/<version>/bin (scripts/postgres-server.ts).
const hasPostgres = () =>
  existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`));

const missing = [
  ...(existsSync(chromiumPath) || onPath('chromium') ? [] : ['chromium']),
  ...(onPath('redis-server') ? [] : ['redis-server']),
  ...(hasPostgres() ? [] : ['postgresql']),
  // The course's tests make real video and audio clips (tests/support/media-clips.ts).
  ...(onPath('ffmpeg') ? [] : ['ffmpeg']),
];

if (missing.length > 0) {
  const canInstall = process.getuid?.() === 0 && onPath('apt-get');
  if (!canInstall) {
    console.error(`The tests need Debian's ${missing.join(' and ')}: run \`sudo apt-get install ${missing.join(' ')}\`, then npm test again.`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' and ')} for the tests (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
}
