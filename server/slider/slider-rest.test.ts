// CONTRACT "Slider and playlists" through the REST façade, on a real database and media root.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SLIDER_DEFAULTS, type SliderConfig } from '../../shared/slider';
import { callJson, createTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root password' } });
  token = (await callJson(t.app, 'POST', '/api/auth/login', { email: 'root@example.com', password: 'root password' })).body.token as string;
});
afterEach(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (method: Method, url: string, body?: unknown, bearer: string | undefined = token) => callJson(t.app, method, url, body, bearer);

function put(relative: string) {
  const file = path.join(t.config.mediaRoot, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
}

const config = async () => (await api('GET', '/api/slider/config')).body.data as SliderConfig;
const saveConfig = async (changes: Partial<SliderConfig>) => api('PUT', '/api/slider/config', { ...(await config()), ...changes });
const createPlaylist = async (body: Record<string, unknown>) => (await api('POST', '/api/playlists', body)).body.data as { _id: string };
const publicData = async (headers: Record<string, string> = {}) => t.app.inject({ url: '/api/slider/public', headers });

describe('who may call', () => {
  it('config and playlists need an admin; the public data needs no token', async () => {
    const member = (await callJson(t.app, 'POST', '/api/auth/register', { name: 'M', email: 'm@example.com', password: 'member pw' })).body.token as string;
    const routes: Array<[Method, string]> = [
      ['GET', '/api/slider/config'],
      ['PUT', '/api/slider/config'],
      ['GET', '/api/playlists'],
      ['POST', '/api/playlists'],
      ['PUT', '/api/playlists/x'],
      ['DELETE', '/api/playlists/x'],
    ];
    for (const [method, url] of routes) {
      expect((await callJson(t.app, method, url, {})).status, url).toBe(401);
      expect((await api(method, url, {}, member)).status, url).toBe(403);
    }
    expect((await publicData()).statusCode).toBe(200);
  });
});

describe('config', () => {
  it('starts with the defaults, MEDIA_ROOT as base path, and saves the whole record', async () => {
    expect((await api('GET', '/api/slider/config')).body).toEqual({ success: true, data: { backgroundsBasePath: t.config.mediaRoot, ...SLIDER_DEFAULTS } });
    const saved = {
      backgroundsBasePath: 'shows',
      activePlaylist: '',
      cycleTime: 0,
      transitionDuration: 3_600_000,
      overlayOpacity: 1,
      overlayColor: '255,0,12',
      randomOrder: true,
    };
    expect((await api('PUT', '/api/slider/config', saved)).body).toEqual({ success: true, message: 'Configuration saved successfully!' });
    expect(await config()).toEqual(saved);
  });

  it('refuses bad values with a 400 naming the field and keeps the saved config', async () => {
    const before = await config();
    const refusals: Array<[Partial<Record<keyof SliderConfig, unknown>>, RegExp]> = [
      [{ overlayOpacity: 2 }, /overlayOpacity/],
      [{ overlayOpacity: '0.5' }, /overlayOpacity/],
      [{ overlayColor: '300,0,0' }, /overlayColor/],
      [{ overlayColor: '0,0' }, /overlayColor/],
      [{ overlayColor: 'red' }, /overlayColor/],
      [{ cycleTime: -1 }, /cycleTime/],
      [{ cycleTime: 1.5 }, /cycleTime/],
      [{ transitionDuration: 3_600_001 }, /transitionDuration/],
      [{ randomOrder: 'yes' }, /randomOrder/],
      [{ activePlaylist: 'no-such-playlist' }, /activePlaylist/],
      [{ backgroundsBasePath: '../..' }, /media folder/],
      [{ backgroundsBasePath: undefined }, /backgroundsBasePath/],
    ];
    for (const [changes, message] of refusals) {
      const res = await api('PUT', '/api/slider/config', { ...before, ...changes });
      expect(res.status, JSON.stringify(changes)).toBe(400);
      expect(res.body, JSON.stringify(changes)).toEqual({ success: false, message: expect.stringMatching(message) });
    }
    expect(await config()).toEqual(before);
  });

  it('an empty base path is allowed, and then a scan asks for one', async () => {
    expect((await saveConfig({ backgroundsBasePath: '' })).status).toBe(200);
    expect((await api('POST', '/api/media/scan-files', {})).body).toEqual({ success: false, message: 'Please set a base path first' });
  });
});

describe('playlists', () => {
  const items = [
    { type: 'video', url: '/media/video/sea.mp4' },
    { type: 'image', url: '/media/image/b.png' },
    { type: 'image', url: '/media/image/a.png' },
  ];

  it('creates (201), lists and updates, keeping the order exactly as sent', async () => {
    const created = await api('POST', '/api/playlists', { name: '  Evening  ', items, images: [], videos: [] });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      data: { _id: expect.any(String), name: 'Evening', items, images: [], videos: [], createdAt: expect.any(String), updatedAt: expect.any(String) },
    });
    const id = (created.body.data as { _id: string })._id;
    const reversed = [...items].reverse();
    const updated = await api('PUT', `/api/playlists/${id}`, { items: reversed, images: ['/media/image/a.png'], videos: [] });
    expect(updated.body).toMatchObject({ success: true, data: { _id: id, name: 'Evening', items: reversed, images: ['/media/image/a.png'] } });
    expect((await api('GET', '/api/playlists')).body).toEqual({ success: true, data: [updated.body.data] });
  });

  it('refuses a blank name, an item type other than image or video, and urls outside /media/', async () => {
    const refusals: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: '   ', items: [] }, /name/i],
      [{ items: [] }, /name/i],
      [{ name: 'x', items: [{ type: 'script', url: '/media/image/a.png' }] }, /image or video/],
      [{ name: 'x', items: [{ type: 'image', url: 'https://evil.example/a.png' }] }, /\/media\//],
      [{ name: 'x', items: [{ type: 'image', url: '/media/../jwt-secret' }] }, /\/media\//],
      [{ name: 'x', images: ['javascript:alert(1)'] }, /\/media\//],
      [{ name: 'x', items: 'all' }, /items/],
    ];
    for (const [body, message] of refusals) {
      const res = await api('POST', '/api/playlists', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await api('GET', '/api/playlists')).body.data).toEqual([]);
  });

  it('answers 404 for an unknown id, whatever its format', async () => {
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000', '%20']) {
      expect((await api('PUT', `/api/playlists/${id}`, { items: [] })).status, id).toBe(404);
      expect((await api('DELETE', `/api/playlists/${id}`)).status, id).toBe(404);
    }
  });

  it('never leaves activePlaylist naming a playlist deleted at the same moment (on PostgreSQL, on two connections)', async () => {
    for (let round = 0; round < 10; round++) {
      const playlist = await createPlaylist({ name: `Racer ${round}`, items });
      const activated = { ...(await config()), activePlaylist: playlist._id };
      const [deleted, saved] = await Promise.all([api('DELETE', `/api/playlists/${playlist._id}`), api('PUT', '/api/slider/config', activated)]);
      expect(deleted.status).toBe(200);
      // Saved first, then deleted: cleared by the delete. Deleted first: the save is refused.
      expect([200, 400]).toContain(saved.status);
      expect((await config()).activePlaylist).toBe('');
    }
  });

  it('deleting the active playlist clears activePlaylist', async () => {
    const active = await createPlaylist({ name: 'Active', items });
    const other = await createPlaylist({ name: 'Other', items });
    await saveConfig({ activePlaylist: active._id });
    expect((await api('DELETE', `/api/playlists/${other._id}`)).body).toEqual({ success: true, message: 'Playlist deleted' });
    expect((await config()).activePlaylist).toBe(active._id);
    await api('DELETE', `/api/playlists/${active._id}`);
    expect((await config()).activePlaylist).toBe('');
  });
});

describe('public slider data', () => {
  beforeEach(() => {
    for (const file of ['image/a.png', 'image/b.png', 'image/nested/c.jpg', 'video/sea.mp4', 'audio/song.mp3']) put(file);
  });

  it('with no active playlist: the library images then videos, versioned by the last scan; the base path never shown', async () => {
    const scan = await api('POST', '/api/media/scan-files', {});
    const v = Date.parse(scan.body.timestamp as string);
    const res = await publicData();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      success: true,
      data: {
        slides: [
          { type: 'image', src: `/media/image/a.png?v=${v}` },
          { type: 'image', src: `/media/image/b.png?v=${v}` },
          { type: 'image', src: `/media/image/nested/c.jpg?v=${v}` },
          { type: 'video', src: `/media/video/sea.mp4?v=${v}` },
        ],
        images: [`/media/image/a.png?v=${v}`, `/media/image/b.png?v=${v}`, `/media/image/nested/c.jpg?v=${v}`],
        videos: [`/media/video/sea.mp4?v=${v}`],
        config: SLIDER_DEFAULTS,
      },
    });
    expect(res.body).not.toContain(t.config.mediaRoot);
    expect(res.body).not.toContain(t.dataDir);
  });

  it("the active playlist's items in their order; images then videos for one without items; missing files left out", async () => {
    const playlist = await createPlaylist({
      name: 'Show',
      items: [
        { type: 'image', url: '/media/image/b.png' },
        { type: 'image', url: '/media/image/gone.png' },
        { type: 'image', url: '/media/video/sea.mp4?v=1' },
        { type: 'image', url: '/media/image/a.png' },
      ],
    });
    await saveConfig({ activePlaylist: playlist._id, cycleTime: 1000, randomOrder: true });
    const data = (await publicData()).json().data;
    expect(data.slides).toEqual([
      { type: 'image', src: '/media/image/b.png' },
      { type: 'video', src: '/media/video/sea.mp4' },
      { type: 'image', src: '/media/image/a.png' },
    ]);
    expect(data.config).toEqual({ ...SLIDER_DEFAULTS, activePlaylist: playlist._id, cycleTime: 1000, randomOrder: true });

    await api('PUT', `/api/playlists/${playlist._id}`, { items: [], images: ['/media/image/nested/c.jpg'], videos: ['/media/video/sea.mp4'] });
    expect((await publicData()).json().data.slides).toEqual([
      { type: 'image', src: '/media/image/nested/c.jpg' },
      { type: 'video', src: '/media/video/sea.mp4' },
    ]);
  });

  it('sends an ETag and answers If-None-Match with 304 until the config, a playlist or the library changes', async () => {
    const first = await publicData();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await publicData({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const head = await t.app.inject({ method: 'HEAD', url: '/api/slider/public' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));
    expect(head.body).toBe('');

    await saveConfig({ cycleTime: 5000 });
    const afterSave = await publicData({ 'if-none-match': etag });
    expect(afterSave.statusCode).toBe(200);
    const etag2 = afterSave.headers.etag as string;

    const playlist = await createPlaylist({ name: 'Show', items: [{ type: 'image', url: '/media/image/a.png' }] });
    await saveConfig({ activePlaylist: playlist._id });
    const etag3 = (await publicData()).headers.etag as string;
    expect(etag3).not.toBe(etag2);
    await api('PUT', `/api/playlists/${playlist._id}`, { items: [{ type: 'image', url: '/media/image/b.png' }] });
    const etag4 = (await publicData({ 'if-none-match': etag3 })).headers.etag as string;
    expect(etag4).not.toBe(etag3);

    await api('POST', '/api/media/delete', { paths: ['image/b.png'] });
    const afterDelete = await publicData({ 'if-none-match': etag4 });
    expect(afterDelete.statusCode).toBe(200);
    // The playlist's one file is gone: an empty show falls back to the library, images then videos.
    expect(afterDelete.json().data.slides.map((s: { src: string }) => s.src)).toEqual([
      '/media/image/a.png',
      '/media/image/nested/c.jpg',
      '/media/video/sea.mp4',
    ]);
  });

  it('over a real connection, answers what the route answers, and never an answer older than a change', async () => {
    const url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/slider/public`;
    const fetched = async (init: RequestInit = {}) => {
      const res = await fetch(url, init);
      const headers = Object.fromEntries(res.headers);
      for (const name of ['date', 'connection', 'keep-alive']) delete headers[name];
      return { status: res.status, headers, body: await res.text() };
    };
    const injected = async (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => {
      const res = await t.app.inject({ method, url: '/api/slider/public', headers });
      const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = res.headers;
      return { status: res.statusCode, headers: rest, body: res.body };
    };
    // The first request builds the answer through Fastify; the later ones come from memory (http/front-door.ts).
    for (let i = 0; i < 3; i++) expect(await fetched()).toEqual(await injected());
    const { etag } = (await fetched()).headers as { etag: string };
    expect(await fetched({ headers: { 'if-none-match': etag } })).toEqual({ ...(await injected({ 'if-none-match': etag })), status: 304 });
    expect(await fetched({ method: 'HEAD' })).toEqual({ ...(await injected({}, 'HEAD')), body: '' });

    await saveConfig({ cycleTime: 4321 });
    const changed = await fetched({ headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(JSON.parse(changed.body).data.config.cycleTime).toBe(4321);
    expect(await fetched()).toEqual(changed);
  });

  it('with the base path gone or emptied, answers an empty show rather than an error', async () => {
    rmSync(t.config.mediaRoot, { recursive: true });
    await api('POST', '/api/media/scan-files', {});
    expect((await publicData()).json().data).toMatchObject({ slides: [], images: [], videos: [] });
    await saveConfig({ backgroundsBasePath: '' });
    expect((await publicData()).json().data).toMatchObject({ slides: [], images: [], videos: [], config: SLIDER_DEFAULTS });
  });
});
