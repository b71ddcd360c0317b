// The administrator the benchmarks start their servers with, and signing in as them.
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password' };
export const BENCH_ADMIN_ENV = { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password };

/** Signs in as the bench admin and returns the Authorization header to send. */
export async function benchAdminHeaders(serverUrl: string): Promise<{ authorization: string }> {
  const { token } = await adminCall<{ token: string }>(`${serverUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  return { authorization: `Bearer ${token}` };
}

/** A REST call that must succeed; its JSON answer. */
export async function adminCall<T>(url: string, init: RequestInit & { headers: Record<string, string> }): Promise<T> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Scans the library, puts `items` in a new playlist and makes it the active show, with `settings`. */
export async function activatePlaylist(
  serverUrl: string,
  auth: Record<string, string>,
  items: Array<{ type: string; url: string }>,
  settings: Record<string, unknown> = {},
): Promise<void> {
  const json = { ...auth, 'content-type': 'application/json' };
  await adminCall(`${serverUrl}/api/media/scan-files`, { method: 'POST', headers: json, body: '{}' });
  const playlist = await adminCall<{ data: { _id: string } }>(`${serverUrl}/api/playlists`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Bench', items }),
  });
  const { data: config } = await adminCall<{ data: Record<string, unknown> }>(`${serverUrl}/api/slider/config`, { headers: auth });
  await adminCall(`${serverUrl}/api/slider/config`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ ...config, ...settings, activePlaylist: playlist.data._id }),
  });
}
