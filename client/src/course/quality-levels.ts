// The quality menu's choices (CONTRACT §7: Auto and each rendition by height), from hls.js's levels.
// A level is named by its index in hls.js's list, which `currentLevel`/`nextLevel` take; -1 is Auto.

export const AUTO = -1;

export interface QualityLevel {
  /** The index hls.js knows the rendition by. */
  index: number;
  height: number;
}

/** The renditions by height, highest first, one per height; none for a stream without pictures (audio). */
export function qualityLevels(levels: ReadonlyArray<{ height: number }>): QualityLevel[] {
  const byHeight = new Map<number, QualityLevel>();
  for (const [index, level] of levels.entries()) {
    if (level.height > 0 && !byHeight.has(level.height)) byHeight.set(level.height, { index, height: level.height });
  }
  return [...byHeight.values()].sort((a, b) => b.height - a.height);
}

/**
 * The rendition a remembered height asks for on this lesson: that height, else the highest under
 * it (a 1080p choice on a 720p lesson means its best), else the lowest; Auto when nothing is
 * remembered.
 */
export function levelForHeight(levels: readonly QualityLevel[], height: number | null): number {
  if (height === null || levels.length === 0) return AUTO;
  return (levels.find((level) => level.height <= height) ?? levels[levels.length - 1]!).index;
}

export const heightLabel = (height: number) => `${height}p`;

const heightAt = (levels: readonly QualityLevel[], index: number) => levels.find((level) => level.index === index)?.height ?? null;

/** The Auto option's name: with the height it plays now, once known. */
export function autoLabel(levels: readonly QualityLevel[], playing: number): string {
  const now = heightAt(levels, playing);
  return now === null ? 'Auto' : `Auto (${heightLabel(now)})`;
}

/** What the live region says of a choice: "Quality: 480p", "Quality: Auto (now 720p)". */
export function qualityAnnouncement(levels: readonly QualityLevel[], choice: number, playing: number): string {
  const chosen = choice === AUTO ? null : heightAt(levels, choice);
  if (chosen !== null) return `Quality: ${heightLabel(chosen)}`;
  const now = heightAt(levels, playing);
  return now === null ? 'Quality: Auto' : `Quality: Auto (now ${heightLabel(now)})`;
}
