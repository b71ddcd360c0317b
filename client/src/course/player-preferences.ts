// The player's choices that follow a member from lesson to lesson on this device (issue 26): the
// playback speed and auto-advance, and the stream's quality (issue 34: a height, or null for Auto). Kept in localStorage under the member's id, so two people who
// share a browser keep their own; anything unreadable there falls back to the defaults.
import { useCallback, useState } from 'react';
import { useToken, userIdOf } from '../lib/session';

export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export interface PlayerPreferences {
  speed: number;
  autoAdvance: boolean;
  quality: number | null;
}

export const DEFAULT_PREFERENCES: PlayerPreferences = { speed: 1, autoAdvance: false, quality: null };

/** A height a rendition can have: up to 8K's 4320 lines. */
const isHeight = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0 && (value as number) <= 4320;

export const preferencesKey = (userId: string) => `course-player:${userId}`;

export function readPreferences(userId: string | null): PlayerPreferences {
  if (!userId) return DEFAULT_PREFERENCES;
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(preferencesKey(userId)) ?? 'null');
    const { speed, autoAdvance, quality } = (stored ?? {}) as Partial<Record<keyof PlayerPreferences, unknown>>;
    return {
      speed: PLAYBACK_SPEEDS.find((known) => known === speed) ?? DEFAULT_PREFERENCES.speed,
      autoAdvance: typeof autoAdvance === 'boolean' ? autoAdvance : DEFAULT_PREFERENCES.autoAdvance,
      quality: isHeight(quality) ? quality : DEFAULT_PREFERENCES.quality,
    };
  } catch {
    // Storage disabled (privacy modes) or a value written by something else.
    return DEFAULT_PREFERENCES;
  }
}

export function writePreferences(userId: string | null, preferences: PlayerPreferences) {
  if (!userId) return;
  try {
    localStorage.setItem(preferencesKey(userId), JSON.stringify(preferences));
  } catch {
    // Full or disabled storage: the choice holds for this page only.
  }
}

/** The signed-in member's preferences, and a setter that remembers a change. */
export function usePlayerPreferences(): [PlayerPreferences, (change: Partial<PlayerPreferences>) => void] {
  const userId = userIdOf(useToken());
  const [state, setState] = useState(() => ({ userId, preferences: readPreferences(userId) }));
  // Another member signed in on this page: their own choices, not the previous member's.
  const current = state.userId === userId ? state.preferences : readPreferences(userId);
  if (state.userId !== userId) setState({ userId, preferences: current });

  const update = useCallback((change: Partial<PlayerPreferences>) => {
    setState((before) => {
      const preferences = { ...before.preferences, ...change };
      writePreferences(before.userId, preferences);
      return { ...before, preferences };
    });
  }, []);
  return [current, update];
}
