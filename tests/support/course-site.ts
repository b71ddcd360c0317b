// The course's test helpers over the REST façade: modules and lessons made by the admin, members
// signed up through the routes and set as an admin would (tier, status). Shared by the course's tests.
import { expect } from 'vitest';
import { DAY_MS } from '../../shared/constants';
import { findMembership } from '../../server/users/data';
import type { AdminApp } from './admin-app';
import { multipart } from './multipart';
import { callJson } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CourseSite {
  /** As the admin unless a token is given; '' for none. */
  api(method: Method, url: string, body?: unknown, token?: string): ReturnType<typeof callJson>;
  /** A draft unless the body says otherwise, as the call itself. */
  createModule(body: Record<string, unknown>): Promise<{ _id: string; title: string; position: number; published: boolean; opensAfterDays: number }>;
  /** A published text lesson unless the body says otherwise. */
  createLesson(body: Record<string, unknown>): Promise<{ _id: string; moduleId: string; title: string; kind: string; position: number }>;
  /** A member signed up through the routes, an Architect when `paid`. */
  member(email: string, paid?: boolean): Promise<{ token: string; id: string }>;
  /** Changes the user of `email` as the admin's form does: the fields given, the rest as they are. */
  setUser(email: string, changes: Record<string, unknown>): Promise<void>;
  /**
   * The day (YYYY-MM-DD, UTC) a module with this drip opens for the Architect of `id`: read from
   * their stored paidSince, not from the test's clock, which may already be a day on at midnight.
   */
  opensOn(id: string, afterDays: number): Promise<string>;
  /** Uploads one file to the lesson as the admin's form does (fields: role, then lang and label); the new file's id. */
  uploadFile(lessonId: string, fields: Record<string, string>, file: { name: string; type?: string; content: Buffer }): Promise<string>;
}

export function courseSite(site: AdminApp): CourseSite {
  const api: CourseSite['api'] = (method, url, body, token = site.adminToken) => callJson(site.t.app, method, url, body, token);
  const setUser: CourseSite['setUser'] = async (email, changes) => {
    const users = (await api('GET', `/api/admin/users?search=${encodeURIComponent(email)}`)).body.data as Array<Record<string, unknown> & { _id: string }>;
    const { _id, createdAt: _created, updatedAt: _updated, ...fields } = users[0]!;
    const res = await api('PUT', `/api/admin/users/${_id}`, { ...fields, ...changes });
    expect(res.status, res.raw).toBe(200);
  };
  return {
    api,
    setUser,
    async uploadFile(lessonId, fields, { name, type = 'application/octet-stream', content }) {
      const { payload, headers } = multipart(fields, [{ name, type, content }]);
      const res = await site.t.app.inject({
        method: 'POST',
        url: `/api/admin/course/lessons/${lessonId}/files`,
        payload,
        headers: { ...headers, authorization: `Bearer ${site.adminToken}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ file: { _id: string } }>().file._id;
    },
    async opensOn(id, afterDays) {
      const since = (await findMembership(site.db.db, id))?.paidSince;
      if (since == null) throw new Error(`user ${id} is not an Architect`);
      return new Date(since - (since % DAY_MS) + afterDays * DAY_MS).toISOString().slice(0, 10);
    },
    async createModule(body) {
      const res = await api('POST', '/api/admin/course/modules', body);
      expect(res.status, res.raw).toBe(201);
      return (res.body as { module: Awaited<ReturnType<CourseSite['createModule']>> }).module;
    },
    async createLesson(body) {
      const res = await api('POST', '/api/admin/course/lessons', { kind: 'text', published: true, ...body });
      expect(res.status, res.raw).toBe(201);
      return (res.body as { lesson: Awaited<ReturnType<CourseSite['createLesson']>> }).lesson;
    },
    async member(email, paid = false) {
      const token = (await api('POST', '/api/auth/register', { name: 'Mia', email, password: 'member password' }, '')).body.token as string;
      const users = (await api('GET', `/api/admin/users?search=${encodeURIComponent(email)}`)).body.data as Array<{ _id: string }>;
      const id = users[0]!._id;
      if (paid) await setUser(email, { membershipTier: 'paid' });
      return { token, id };
    },
  };
}
