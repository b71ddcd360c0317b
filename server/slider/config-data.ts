// The slideshow's one settings record. Until an admin saves it, the defaults apply, with
// MEDIA_ROOT as the base path (CONTRACT "Slider and playlists").
import { eq } from 'drizzle-orm';
import { SLIDER_DEFAULTS, type SliderConfig } from '../../shared/slider';
import type { Db } from '../db/client';
import { sliderConfig } from '../db/schema';

const ROW_ID = 1;

export function readSliderConfig(db: Pick<Db, 'select'>, defaultBasePath: string): SliderConfig {
  const row = db.select().from(sliderConfig).where(eq(sliderConfig.id, ROW_ID)).get();
  if (!row) return { backgroundsBasePath: defaultBasePath, ...SLIDER_DEFAULTS };
  const { backgroundsBasePath, activePlaylist, cycleTime, transitionDuration, overlayOpacity, overlayColor, randomOrder } = row;
  return { backgroundsBasePath, activePlaylist, cycleTime, transitionDuration, overlayOpacity, overlayColor, randomOrder };
}

/** Writes the whole record; `db` may be a transaction. */
export function writeSliderConfig(db: Pick<Db, 'insert'>, config: SliderConfig, at = Date.now()): void {
  const row = { id: ROW_ID, ...config, updatedAt: at };
  db.insert(sliderConfig).values(row).onConflictDoUpdate({ target: sliderConfig.id, set: row }).run();
}
