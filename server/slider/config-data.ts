// The slideshow's one settings record. Until an admin saves it, the defaults apply, with
// MEDIA_ROOT as the base path (CONTRACT "Slider and playlists").
import { eq } from 'drizzle-orm';
import { SLIDER_DEFAULTS, type SliderConfig } from '../../shared/slider';
import type { Db, Tx } from '../db/client';
import type { PendingEvents } from '../events/after-commit';
import { sliderConfig } from '../db/schema';
import { SLIDER_CONFIG_ROW_ID as ROW_ID } from '../db/slider-config-row';

export async function readSliderConfig(db: Pick<Db, 'select'>, defaultBasePath: string): Promise<SliderConfig> {
  const [row] = await db.select().from(sliderConfig).where(eq(sliderConfig.id, ROW_ID));
  if (!row) return { backgroundsBasePath: defaultBasePath, ...SLIDER_DEFAULTS };
  const { backgroundsBasePath, activePlaylist, cycleTime, transitionDuration, overlayOpacity, overlayColor, randomOrder } = row;
  return { backgroundsBasePath, activePlaylist, cycleTime, transitionDuration, overlayOpacity, overlayColor, randomOrder };
}

/** Writes the whole record: the public slider answer is stale once the transaction commits. */
export async function writeSliderConfig(tx: Tx, events: PendingEvents, config: SliderConfig, at = Date.now()): Promise<void> {
  const row = { id: ROW_ID, ...config, updatedAt: at };
  await tx.insert(sliderConfig).values(row).onConflictDoUpdate({ target: sliderConfig.id, set: row });
  events.publish('slider-data-changed');
}
