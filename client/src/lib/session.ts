// The session token in localStorage (spec §3), its decoded role, and a tiny store so that
// components showing signed-in state re-render when it changes (here or in another tab).
import { useSyncExternalStore } from 'react';
import { ROLES, TOKEN_STORAGE_KEY, type Role } from '@shared/constants';

const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be disabled (privacy modes); then nobody is signed in.
    return null;
  }
}

export function setToken(token: string) {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  emit();
}

export function clearToken() {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } finally {
    emit();
  }
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored token, kept current. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The role in the token's payload ({user: {id, role}}), read without verifying the signature:
 * it only picks where to send the browser. The server decides what the holder may do.
 */
function tokenUser(token: string | null): { role?: unknown; id?: unknown } | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    return (claims as { user?: { role?: unknown; id?: unknown } } | null)?.user ?? null;
  } catch {
    return null;
  }
}

export function roleOf(token: string | null): Role | null {
  const role = tokenUser(token)?.role;
  return ROLES.find((known) => known === role) ?? null;
}

/** The user id in the token's payload, unverified like the role: it only keys this device's preferences. */
export function userIdOf(token: string | null): string | null {
  const id = tokenUser(token)?.id;
  return typeof id === 'string' && id ? id : null;
}

/** Where a signed-in holder of this token starts (spec §4). */
export function homePathOf(token: string | null): string {
  return roleOf(token) === 'admin' ? '/admin/dashboard' : '/dashboard';
}
