// The course made through the admin's REST calls beside the browser: a published module, last in
// the course, with lessons added to it and a way to remove both; the course as the admin reads it,
// and a module removed by its title; and a member made an Architect.
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

/** The whole course as the admin reads it (GET /api/admin/course): drafts included. */
export interface AdminCourse {
  modules: Array<{
    _id: string;
    title: string;
    published: boolean;
    opensAfterDays: number;
    lessons: Array<{
      _id: string;
      title: string;
      published: boolean;
      freePreview: boolean;
      durationSeconds: number | null;
      files: Array<{ role: string; name: string; lang: string | null }>;
    }>;
  }>;
}

export async function adminCourse(request: APIRequestContext, site: Site): Promise<AdminCourse> {
  const res = await request.get('/api/admin/course', { headers: { Authorization: `Bearer ${await adminToken(request, site)}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as AdminCourse;
}

/** Deletes the module titled `title` with its lessons, so the worker's server keeps the course it had. */
export async function removeModule(request: APIRequestContext, site: Site, title: string) {
  const headers = { Authorization: `Bearer ${await adminToken(request, site)}` };
  const module = (await adminCourse(request, site)).modules.find((m) => m.title === title);
  if (!module) return;
  for (const lesson of module.lessons) expect((await request.delete(`/api/admin/course/lessons/${lesson._id}`, { headers })).status()).toBe(200);
  expect((await request.delete(`/api/admin/course/modules/${module._id}`, { headers })).status()).toBe(200);
}
