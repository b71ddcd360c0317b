// The course's REST calls as its tests make them: as the admin unless a token is given, members
// signed up through the routes, and modules and lessons created through the admin's calls.
import { expect } from 'vitest';
import type { AdminApp } from './admin-app';
import { callJson } from './test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CreatedModule {
  _id: string;
  title: string;
  position: number;
  published: boolean;
  opensAfterDays: number;
}

export interface CreatedLesson {
  _id: string;
  moduleId: string;
  title: string;
  position: number;
}

/** `site()` is read at each call, so that a test file may start a new app for each test. */
export function courseApi(site: () => AdminApp) {
  /** As the admin unless a token is given; '' for none. */
  const api = (method: Method, url: string, body?: unknown, token?: string) => callJson(site().t.app, method, url, body, token ?? site().adminToken);

  const createModule = async (body: Record<string, unknown>) => {
    const res = await api('POST', '/api/admin/course/modules', body);
    expect(res.status, res.raw).toBe(201);
    return (res.body as { module: CreatedModule }).module;
  };

  const createLesson = async (body: Record<string, unknown>) => {
    const res = await api('POST', '/api/admin/course/lessons', { kind: 'text', published: true, ...body });
    expect(res.status, res.raw).toBe(201);
    return (res.body as { lesson: CreatedLesson }).lesson;
  };

  /** The admin's change of one user's fields (PUT /api/admin/users/{id} takes them all). */
  const changeUser = async (email: string, changes: Record<string, unknown>) => {
    const users = (await api('GET', `/api/admin/users?search=${encodeURIComponent(email)}`)).body.data as Array<Record<string, unknown> & { _id: string }>;
    const { _id, createdAt: _created, updatedAt: _updated, ...fields } = users[0]!;
    const res = await api('PUT', `/api/admin/users/${_id}`, { ...fields, ...changes });
    expect(res.status, res.raw).toBe(200);
    return _id;
  };

  /** A member signed up through the routes; made an Architect by the admin when `paid`. */
  const member = async (email: string, paid = false, name = 'Mia') => {
    const token = (await api('POST', '/api/auth/register', { name, email, password: 'member password' }, '')).body.token as string;
    const users = (await api('GET', `/api/admin/users?search=${encodeURIComponent(email)}`)).body.data as Array<{ _id: string }>;
    if (paid) await changeUser(email, { membershipTier: 'paid' });
    return { token, id: users[0]!._id };
  };

  return { api, createModule, createLesson, changeUser, member };
}
