// The base path a media call works on: the one it names, or the configured one (the slider
// settings' backgroundsBasePath), always resolved inside MEDIA_ROOT (paths.ts).
import { TRPCError } from '@trpc/server';
import { readSliderConfig } from '../slider/config-data';
import type { AppDeps } from '../app-deps';
import { BasePathError, resolveBasePath } from './paths';

/** As a real absolute path; a refusal is a 400 with the reason. */
export async function basePathFor(deps: AppDeps, requested: string | undefined): Promise<string> {
  const { backgroundsBasePath: configured } = await readSliderConfig(deps.db, deps.config.mediaRoot);
  try {
    return await resolveBasePath(deps.config.mediaRoot, requested, configured);
  } catch (error) {
    if (error instanceof BasePathError) throw new TRPCError({ code: 'BAD_REQUEST', message: error.message });
    throw error;
  }
}
