// The base path a media call works on: the one it names, or the configured one (the slider
// settings' backgroundsBasePath), always resolved inside MEDIA_ROOT (paths.ts). The column sits in
// the slider's settings record, written by the slider's config call (which checks it here first);
// media reads that one column itself, because the slider's data is built on the library and not
// the other way round (decision 016).
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../app-deps';
import type { Db } from '../db/client';
import { sliderConfig } from '../db/schema';
import { SLIDER_CONFIG_ROW_ID } from '../db/slider-config-row';
import { BasePathError, resolveBasePath } from './paths';

/** The saved base path, or MEDIA_ROOT until the settings are first saved. */
async function configuredBasePath(db: Pick<Db, 'select'>, mediaRoot: string): Promise<string> {
  const [row] = await db.select({ basePath: sliderConfig.backgroundsBasePath }).from(sliderConfig).where(eq(sliderConfig.id, SLIDER_CONFIG_ROW_ID));
  return row?.basePath ?? mediaRoot;
}

/** As a real absolute path; a refusal is a 400 with the reason. */
export async function basePathFor(deps: AppDeps, requested: string | undefined): Promise<string> {
  const configured = await configuredBasePath(deps.db, deps.config.mediaRoot);
  try {
    return await resolveBasePath(deps.config.mediaRoot, requested, configured);
  } catch (error) {
    if (error instanceof BasePathError) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
    throw error;
  }
}
