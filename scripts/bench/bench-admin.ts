// The administrator the benchmarks start their servers with, and signing in as them.
export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench admin password' };
export const BENCH_ADMIN_ENV = { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password };

/** Signs in as the bench admin and returns the Authorization header to send. */
export async function benchAdminHeaders(serverUrl: string): Promise<{ authorization: string }> {
  const login = await fetch(`${serverUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!login.ok) throw new Error(`bench admin login: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}
