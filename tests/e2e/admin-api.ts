// REST calls the admin tests make beside the browser: a token, and the slider settings to set a
// base path for a test and put back after it.
import type { APIRequestContext } from '@playwright/test';
import { expect, type Site } from './fixtures';

export async function adminToken(request: APIRequestContext, site: Site): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email: site.admin.email, password: site.admin.password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

export type Config = Record<string, unknown>;

export async function readConfig(request: APIRequestContext, token: string): Promise<Config> {
  const response = await request.get('/api/slider/config', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Config }).data;
}

export async function writeConfig(request: APIRequestContext, token: string, config: Config) {
  const response = await request.put('/api/slider/config', { headers: { Authorization: `Bearer ${token}` }, data: config });
  expect(response.ok()).toBe(true);
}
