// The course made through the admin's REST calls beside the browser: a published module, last in
// the course, with lessons added to it and a way to remove both; and a member made an Architect.
import type { APIRequestContext } from '@playwright/test';
import { adminToken } from './admin-api';
import { expect, uniqueEmail, uniqueStem, type Site } from './fixtures';

export async function publishedModule(request: APIRequestContext, site: Site, stem = 'Module') {
  const headers = { Authorization: `Bearer ${await adminToken(request, site)}` };
  const title = uniqueStem(stem);
  const created = await request.post('/api/admin/course/modules', { headers, data: { title, published: true } });
  expect(created.status()).toBe(201);
  const moduleId = ((await created.json()) as { module: { _id: string } }).module._id;
  const lessons: string[] = [];
  /** A published text lesson unless `data` says otherwise; its id. */
  const lesson = async (data: Record<string, unknown>) => {
    const res = await request.post('/api/admin/course/lessons', { headers, data: { moduleId, kind: 'text', published: true, ...data } });
    expect(res.status()).toBe(201);
    const id = ((await res.json()) as { lesson: { _id: string } }).lesson._id;
    lessons.push(id);
    return id;
  };
  /** Leaves the worker's server with the course it had: other specs count the ten modules. */
  const remove = async () => {
    for (const id of lessons) expect((await request.delete(`/api/admin/course/lessons/${id}`, { headers })).status()).toBe(200);
    expect((await request.delete(`/api/admin/course/modules/${moduleId}`, { headers })).status()).toBe(200);
  };
  return { headers, title, moduleId, lesson, remove };
}

/** A member who registered and whom the admin then made an Architect. */
export async function architect(request: APIRequestContext, site: Site, name = 'Ari Architect') {
  const email = uniqueEmail('architect');
  const password = 'architect password';
  expect((await request.post('/api/auth/register', { data: { name, email, password } })).status()).toBe(201);
  const headers = { Authorization: `Bearer ${await adminToken(request, site)}` };
  const found = (await (await request.get(`/api/admin/users?search=${encodeURIComponent(email)}`, { headers })).json()) as {
    data: Array<Record<string, unknown> & { _id: string }>;
  };
  const { _id, createdAt: _created, updatedAt: _updated, ...fields } = found.data[0]!;
  expect((await request.put(`/api/admin/users/${_id}`, { headers, data: { ...fields, membershipTier: 'paid' } })).status()).toBe(200);
  return { email, password, name };
}
