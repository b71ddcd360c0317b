// The shapes the Course Manager trades in, taken from the server's router types (never its code).
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/lib/trpc';

type Outputs = inferRouterOutputs<AppRouter>['course'];
type Inputs = inferRouterInputs<AppRouter>['course'];

export type AdminModule = Outputs['content']['modules'][number];
export type AdminLesson = AdminModule['lessons'][number];
export type AdminFile = AdminLesson['files'][number];
export type LessonUpdateInput = Inputs['lessons']['update'];
export type ModuleUpdateInput = Inputs['modules']['update'];
