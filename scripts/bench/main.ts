// `npm run bench [-- section ...]`: prints figures and ratios; it asserts nothing.
// Sections: see `sections` below (default: all).
import { benchAbuse } from './abuse';
import { benchAuth } from './auth';
import { benchColdStart } from './cold-start';
import { benchCourse, benchCourseFiles } from './course';
import { benchCourseProgress } from './course-progress';
import { benchCourseSearch } from './course-search';
import { onPostgres } from './course-sites';
import { benchDiscussion } from './discussion';
import { benchExport } from './export';
import { benchLandingJs } from './landing-js';
import { benchLighthouse } from './lighthouse';
import { benchLargeMediaLibrary, benchMediaLibrary } from './media-library';
import { benchMediaUpload } from './media-upload';
import { benchQuiz } from './quiz';
import { benchScale, benchUsersOnPostgres } from './scale';
import { benchSliderPublic } from './slider-public';
import { benchSqliteReads } from './sqlite-reads';
import { benchStream } from './stream';
import { benchUsers } from './users';

const sections: Record<string, () => Promise<void>> = {
  'cold-start': benchColdStart,
  'landing-js': benchLandingJs,
  lighthouse: benchLighthouse,
  auth: benchAuth,
  abuse: benchAbuse,
  users: benchUsers,
  'users-postgres': benchUsersOnPostgres,
  export: benchExport,
  'media-upload': benchMediaUpload,
  'media-library': benchMediaLibrary,
  'media-library-100k': benchLargeMediaLibrary,
  'slider-public': benchSliderPublic,
  scale: benchScale,
  course: benchCourse,
  // The course section's file, progress and search figures alone.
  'course-files': benchCourseFiles,
  'course-progress': () => onPostgres(benchCourseProgress),
  'course-search': () => onPostgres(benchCourseSearch),
  'sqlite-reads': benchSqliteReads,
  stream: benchStream,
  quiz: () => onPostgres(benchQuiz),
  discussion: () => onPostgres(benchDiscussion),
  'slider-soak': () => import('./slider-soak').then((soak) => soak.benchSliderSoak()),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in sections));
if (unknown.length > 0) {
  console.error(`Unknown section(s): ${unknown.join(', ')}. Known: ${Object.keys(sections).join(', ')}`);
  process.exit(1);
}

console.log(`# Benchmarks (${new Date().toISOString()}, node ${process.version})`);
for (const name of wanted.length > 0 ? wanted : Object.keys(sections)) await sections[name]!();
