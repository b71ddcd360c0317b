// CONTRACT §3 "Past one machine": two processes with the same database, REDIS_URL, JWT_SECRET and
// media root behave as one site. Each check writes through process A and reads through process B.
import { test as base, expect } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { testClip } from '../support/media-clips';
import { checkoutCompleted, PAYMENTS_ENV, signed, WEBHOOK_PATH } from '../support/stripe-events';
import { TusClient } from '../support/tus-client';
import { startTwoProcessSite, type SharedDatabase, type TwoProcessSite } from './two-processes';

const test = base.extend<object, { database: SharedDatabase; site: TwoProcessSite }>({
  database: ['sqlite', { option: true, scope: 'worker' }],
  site: [
    async ({ database }, use) => {
      const site = await startTwoProcessSite(database, { LOGINS_PER_MINUTE: '1000', REGISTRATIONS_PER_HOUR: '1000', ...PAYMENTS_ENV });
      try {
        await use(site);
      } finally {
        await site.stop();
      }
    },
    { scope: 'worker' },
  ],
});

test.afterEach(async ({ site }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server output', { body: site.output.join('') });
});

let counter = 0;
const uniqueEmail = () => `member-${process.pid}-${++counter}@example.com`;

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function login(base: string, email: string, password: string): Promise<string> {
  const answer = await call(base, 'POST', '/api/auth/login', { email, password });
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

async function register(base: string) {
  const member = { name: 'Mira Member', email: uniqueEmail(), password: 'member password' };
  const answer = await call(base, 'POST', '/api/auth/register', member);
  expect(answer.status).toBe(201);
  return { ...member, token: answer.body.token as string };
}

/** Polls until `check` passes or `limitMs` have gone; returns the milliseconds it took. */
async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    expect(performance.now() - started, `seen by the other process within ${limitMs} ms`).toBeLessThan(limitMs);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return performance.now() - started;
}

const withinOneSecond = (check: () => Promise<boolean>) => within(1000, check);

test('a member registered through A signs in through B', async ({ site }) => {
  const member = await register(site.a.url);
  const token = await login(site.b.url, member.email, member.password);
  expect((await call(site.b.url, 'POST', '/api/auth/logout', undefined, token)).status).toBe(200);
});

test("five failed guesses through A and one through B give B's 429", async ({ site }) => {
  const member = await register(site.a.url);
  for (let guess = 1; guess <= 5; guess++) {
    expect((await call(site.a.url, 'POST', '/api/auth/login', { email: member.email, password: `wrong ${guess}` })).status).toBe(401);
  }
  const sixth = await call(site.b.url, 'POST', '/api/auth/login', { email: member.email, password: member.password });
  expect(sixth.status).toBe(429);
  expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(sixth.body).toEqual({ msg: expect.any(String) });
});

test('a logout through A is a 401 through B, and signing out everywhere through B is a 401 through A', async ({ site }) => {
  const member = await register(site.a.url);
  const first = await login(site.a.url, member.email, member.password);
  const second = await login(site.b.url, member.email, member.password);
  expect((await call(site.a.url, 'POST', '/api/auth/logout', undefined, first)).status).toBe(200);
  expect((await call(site.b.url, 'POST', '/api/auth/logout', undefined, first)).status).toBe(401);
  expect((await call(site.b.url, 'POST', '/api/auth/logout-all', undefined, second)).status).toBe(200);
  expect((await call(site.a.url, 'POST', '/api/auth/logout', undefined, member.token)).status).toBe(401);
});

async function uploadImage(base: string, token: string, name: string) {
  const form = new FormData();
  // The fields come before the files (CONTRACT "Media (admin)").
  form.append('mediaType', 'image');
  const png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#3355aa' } })
    .png()
    .toBuffer();
  form.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
  const response = await fetch(`${base}/api/media/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  expect(response.status).toBe(200);
  const { files } = (await response.json()) as { files: { path: string }[] };
  return { path: files[0]!.path, bytes: png };
}

test("Stripe's webhook delivered to A makes the member an Architect for B, their session unbroken", async ({ site }) => {
  const member = await register(site.a.url);
  const token = await login(site.b.url, member.email, member.password);
  const admin = await login(site.a.url, site.admin.email, site.admin.password);
  const course = (await call(site.a.url, 'GET', '/api/admin/course', undefined, admin)).body as { modules: Array<{ _id: string }> };
  const created = await call(
    site.a.url,
    'POST',
    '/api/admin/course/lessons',
    { moduleId: course.modules[0]!._id, title: 'For Architects', kind: 'text', published: true },
    admin,
  );
  const lessonId = (created.body as { lesson: { _id: string } }).lesson._id;
  expect((await call(site.b.url, 'GET', `/api/course/lessons/${lessonId}`, undefined, token)).status).toBe(403);

  const checkout = await call(site.b.url, 'POST', '/api/billing/checkout', undefined, token);
  const memberId = new URL(checkout.body.url as string).searchParams.get('client_reference_id');
  const payment = signed(checkoutCompleted({ userId: memberId }).event);
  const delivered = await fetch(`${site.a.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': payment.signature },
    body: payment.body,
  });
  expect(delivered.status).toBe(200);

  // B caches no tier: its very next call reads the new one.
  expect((await call(site.b.url, 'GET', `/api/course/lessons/${lessonId}`, undefined, token)).status).toBe(200);
  expect(await call(site.b.url, 'POST', '/api/billing/checkout', undefined, token)).toMatchObject({
    status: 409,
    body: { message: 'You are already an Architect' },
  });
  expect((await call(site.a.url, 'DELETE', `/api/admin/course/lessons/${lessonId}`, undefined, admin)).status).toBe(200);
});

test('a quiz attempt started through A, answered through both and submitted through B, completes the lesson for both', async ({ site }) => {
  const member = await register(site.a.url);
  const admin = await login(site.a.url, site.admin.email, site.admin.password);
  const course = (await call(site.a.url, 'GET', '/api/admin/course', undefined, admin)).body as { modules: Array<{ _id: string }> };
  const created = await call(
    site.a.url,
    'POST',
    '/api/admin/course/lessons',
    { moduleId: course.modules[0]!._id, title: 'Check-in', kind: 'quiz', freePreview: true, published: true },
    admin,
  );
  const quizId = (created.body as { lesson: { _id: string } }).lesson._id;
  const add = async (body: object) =>
    (
      (await call(site.a.url, 'POST', `/api/admin/course/lessons/${quizId}/questions`, body, admin)).body as {
        question: { _id: string; options: Array<{ _id: string; correct: boolean }> };
      }
    ).question;
  const single = await add({
    kind: 'single',
    prompt: 'Who?',
    options: [
      { text: 'The observer', correct: true },
      { text: 'The wave', correct: false },
    ],
  });
  const text = await add({ kind: 'text', prompt: 'Name it', answers: ['Attention'] });

  const started = await call(site.a.url, 'POST', `/api/course/lessons/${quizId}/attempts`, {}, member.token);
  expect(started.status).toBe(201);
  const attemptId = (started.body as { attempt: { _id: string } }).attempt._id;
  // B sees the open attempt A started: its start answers it, not a second one.
  const again = await call(site.b.url, 'POST', `/api/course/lessons/${quizId}/attempts`, {}, member.token);
  expect(again).toMatchObject({ status: 200, body: { attempt: { _id: attemptId } } });
  const rightOption = single.options.find((option) => option.correct)!._id;
  expect((await call(site.a.url, 'PUT', `/api/course/attempts/${attemptId}/answers/${single._id}`, { optionIds: [rightOption] }, member.token)).status).toBe(
    200,
  );
  expect((await call(site.b.url, 'PUT', `/api/course/attempts/${attemptId}/answers/${text._id}`, { text: 'attention' }, member.token)).status).toBe(200);
  const submitted = await call(site.b.url, 'POST', `/api/course/attempts/${attemptId}/submit`, {}, member.token);
  expect(submitted).toMatchObject({ status: 200, body: { attempt: { percent: 100, passed: true } } });
  const lesson = await call(site.a.url, 'GET', `/api/course/lessons/${quizId}`, undefined, member.token);
  expect(lesson.body).toMatchObject({ quiz: { attemptsUsed: 1, best: { percent: 100, passed: true }, open: null } });
  expect((lesson.body as { progress: { completedAt: string | null } }).progress.completedAt).not.toBeNull();
  expect((await call(site.a.url, 'DELETE', `/api/admin/course/lessons/${quizId}`, undefined, admin)).status).toBe(200);
});

test('an upload through A is listed and served by B', async ({ site }) => {
  const adminA = await login(site.a.url, site.admin.email, site.admin.password);
  const adminB = await login(site.b.url, site.admin.email, site.admin.password);
  const upload = await uploadImage(site.a.url, adminA, `shared-${process.pid}.png`);
  const listed = await call(site.b.url, 'GET', '/api/media/files/images', undefined, adminB);
  expect((listed.body.files as { path: string }[]).map((file) => file.path)).toContain(upload.path);
  const served = await fetch(`${site.b.url}/media/${upload.path}`);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer())).toEqual(upload.bytes);
});

test('a lesson file uploaded through A plays through B, from the shared COURSE_FILES_ROOT', async ({ site }) => {
  const adminA = await login(site.a.url, site.admin.email, site.admin.password);
  const module = await call(site.a.url, 'POST', '/api/admin/course/modules', { title: `Shared ${process.pid}`, published: true }, adminA);
  const moduleId = (module.body.module as { _id: string })._id;
  const lessonAnswer = await call(site.a.url, 'POST', '/api/admin/course/lessons', { moduleId, title: 'Pattern', kind: 'video', published: true }, adminA);
  const lessonId = (lessonAnswer.body.lesson as { _id: string })._id;
  const { bytes } = await testClip('mp4');
  const form = new FormData();
  form.append('role', 'media');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), 'pattern.mp4');
  const uploaded = await fetch(`${site.a.url}/api/admin/course/lessons/${lessonId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminA}` },
    body: form,
  });
  expect(uploaded.status).toBe(201);
  const { file } = (await uploaded.json()) as { file: { _id: string } };
  expect(existsSync(path.join(site.courseFilesRoot, `${file._id}.mp4`))).toBe(true);

  const architect = await register(site.b.url);
  const adminB = await login(site.b.url, site.admin.email, site.admin.password);
  const users = await call(site.b.url, 'GET', `/api/admin/users?search=${encodeURIComponent(architect.email)}`, undefined, adminB);
  const { _id, createdAt: _created, updatedAt: _updated, ...fields } = (users.body.data as Array<Record<string, unknown> & { _id: string }>)[0]!;
  expect((await call(site.b.url, 'PUT', `/api/admin/users/${_id}`, { ...fields, membershipTier: 'paid' }, adminB)).status).toBe(200);
  const reading = await call(site.b.url, 'GET', `/api/course/lessons/${lessonId}`, undefined, architect.token);
  expect(reading.status).toBe(200);
  const media = (reading.body.lesson as { media: { url: string; type: string } }).media;
  expect(media.type).toBe('video/mp4');
  const played = await fetch(`${site.b.url}${media.url}`, { headers: { range: 'bytes=0-1023' } });
  expect(played.status).toBe(206);
  expect(Buffer.from(await played.arrayBuffer())).toEqual(bytes.subarray(0, 1024));
  // Signed by B, good at A too: both derive the key from the one JWT_SECRET.
  expect((await fetch(`${site.a.url}${media.url}`)).status).toBe(200);
});

test("a playlist made active through A is in B's public slider data within one second", async ({ site }) => {
  const adminA = await login(site.a.url, site.admin.email, site.admin.password);
  const upload = await uploadImage(site.a.url, adminA, `slide-${process.pid}.png`);
  const url = `/media/${upload.path}`;
  // B answers (and caches, with its ETag) the public data before the change.
  const before = await call(site.b.url, 'GET', '/api/slider/public');
  expect(before.status).toBe(200);

  const playlist = await call(
    site.a.url,
    'POST',
    '/api/playlists',
    { name: 'Shared dawn', items: [{ type: 'image', url }], images: [url], videos: [] },
    adminA,
  );
  expect(playlist.status).toBe(201);
  const config = (await call(site.a.url, 'GET', '/api/slider/config', undefined, adminA)).body.data as Record<string, unknown>;
  const id = (playlist.body.data as { _id: string })._id;
  expect((await call(site.a.url, 'PUT', '/api/slider/config', { ...config, activePlaylist: id }, adminA)).status).toBe(200);

  await withinOneSecond(async () => {
    const answer = await call(site.b.url, 'GET', '/api/slider/public');
    const data = answer.body.data as { slides: { src: string }[]; config: { activePlaylist: string } };
    return data.config.activePlaylist === id && data.slides.length === 1 && data.slides[0]!.src.startsWith(url);
  });
});

test('the per-address sign-in limit counts the calls of both processes', async ({ database }) => {
  const site = await startTwoProcessSite(database, { LOGINS_PER_MINUTE: '4' });
  try {
    const answers = [];
    for (const base of [site.a.url, site.b.url, site.a.url, site.b.url, site.a.url]) {
      answers.push((await call(base, 'POST', '/api/auth/login', { email: site.admin.email, password: site.admin.password })).status);
    }
    expect(answers).toEqual([200, 200, 200, 200, 429]);
  } finally {
    await site.stop();
  }
});

test('killing A leaves B serving', async ({ database }) => {
  const site = await startTwoProcessSite(database);
  try {
    const member = await register(site.a.url);
    await site.a.crash();
    await expect(fetch(`${site.a.url}/healthz`)).rejects.toThrow();
    expect((await fetch(`${site.b.url}/healthz`)).status).toBe(200);
    await login(site.b.url, member.email, member.password);
    expect((await call(site.b.url, 'GET', '/api/slider/public')).status).toBe(200);
    const another = await register(site.b.url);
    await login(site.b.url, another.email, another.password);
  } finally {
    await site.stop();
  }
});

test("a lesson published through A is in B's outline within one second, and soon in B's courses page before any script", async ({ site }) => {
  const adminA = await login(site.a.url, site.admin.email, site.admin.password);
  const title = `Shared module ${process.pid}`;
  const module = await call(site.a.url, 'POST', '/api/admin/course/modules', { title, published: true }, adminA);
  expect(module.status).toBe(201);
  const moduleId = (module.body.module as { _id: string })._id;
  const lesson = await call(
    site.a.url,
    'POST',
    '/api/admin/course/lessons',
    { moduleId, title: `${title}: first lesson`, kind: 'text', published: true },
    adminA,
  );
  expect(lesson.status).toBe(201);
  const lessonId = (lesson.body.lesson as { _id: string })._id;
  try {
    await withinOneSecond(async () => {
      const outline = (await call(site.b.url, 'GET', '/api/course')).body as { modules: { _id: string; lessons: { _id: string }[] }[] };
      return outline.modules.some((shown) => shown._id === moduleId && shown.lessons.some((shownLesson) => shownLesson._id === lessonId));
    });
    // B renders its page again on the same event; the first render of a process also loads React, so it gets longer.
    await within(5000, async () => (await (await fetch(`${site.b.url}/courses`)).text()).includes(`${title}: first lesson`));
  } finally {
    expect((await call(site.a.url, 'DELETE', `/api/admin/course/lessons/${lessonId}`, undefined, adminA)).status).toBe(200);
    expect((await call(site.a.url, 'DELETE', `/api/admin/course/modules/${moduleId}`, undefined, adminA)).status).toBe(200);
  }
});

test('a resumable upload started through A resumes through B, and two PATCHes of it on the two processes never both write', async ({ site }) => {
  const adminA = await login(site.a.url, site.admin.email, site.admin.password);
  const module = await call(site.a.url, 'POST', '/api/admin/course/modules', { title: `Resumed ${process.pid}`, published: true }, adminA);
  const moduleId = (module.body.module as { _id: string })._id;
  const lessonAnswer = await call(site.a.url, 'POST', '/api/admin/course/lessons', { moduleId, title: 'Resumed', kind: 'video', published: true }, adminA);
  const lessonId = (lessonAnswer.body.lesson as { _id: string })._id;
  const { bytes } = await testClip('mp4');
  const onA = new TusClient(site.a.url, adminA);
  const onB = new TusClient(site.b.url, await login(site.b.url, site.admin.email, site.admin.password));

  const location = await onA.created({ lessonId, role: 'media', filename: 'resumed.mp4' }, bytes.length);
  const third = Math.floor(bytes.length / 3);
  expect((await onA.patch(location, 0, bytes.subarray(0, third))).status).toBe(204);

  // A PATCH through A holds the upload's lock while its client is slow; one through B meanwhile waits, then is refused, never writing.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const slow = onA.patch(
    location,
    third,
    new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes.subarray(third, third + 1000));
        await held;
        controller.enqueue(bytes.subarray(third + 1000, 2 * third));
        controller.close();
      },
    }),
  );
  const data = path.join(site.courseFilesRoot, '.tus', location.split('/').pop()!);
  await expect.poll(() => readFileSync(data).length, { timeout: 15_000 }).toBe(third + 1000);
  const rival = await onB.patch(location, third, Buffer.alloc(third, 0x55));
  expect(rival.status).toBe(423);
  expect(rival.message).toBe('Another request is writing to this upload: try again in a moment.');
  release();
  expect((await slow).status).toBe(204);

  // Resumed through B from where HEAD says it stands.
  const offset = Number((await onB.head(location)).headers.get('upload-offset'));
  expect(offset).toBe(2 * third);
  expect((await onB.send(location, bytes, bytes.length, offset)).status).toBe(204);
  const admin = (await call(site.b.url, 'GET', '/api/admin/course', undefined, adminA)).body as {
    modules: Array<{ lessons: Array<{ _id: string; files: Array<{ _id: string; name: string; size: number }> }> }>;
  };
  const files = admin.modules.flatMap((m) => m.lessons).find((l) => l._id === lessonId)!.files;
  expect(files).toMatchObject([{ name: 'resumed.mp4', size: bytes.length }]);
  expect(readFileSync(path.join(site.courseFilesRoot, `${files[0]!._id}.mp4`)).equals(bytes)).toBe(true);
});
