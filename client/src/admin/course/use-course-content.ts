// The course as the admin edits it (GET /api/admin/course), and the board's drops: shown at once,
// then made on the server one call after another; a refusal (another admin reordered meanwhile:
// 400) says why and shows the server's order again.
import { useCallback, useState } from 'react';
import type { DropResult } from '@hello-pangea/dnd';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';
import type { ShowStatus } from '@/lib/use-timed-status';
import { planDrop, type OrderCall } from './course-order';
import type { AdminModule } from './course-types';

export function useCourseContent(showStatus: ShowStatus) {
  const utils = trpc.useUtils();
  const content = trpc.course.content.useQuery();
  // While a drop's calls run: the board as dropped, so it does not jump back meanwhile.
  const [dropped, setDropped] = useState<AdminModule[] | null>(null);
  const modules = dropped ?? content.data?.modules ?? null;

  const run = useCallback(
    async (call: OrderCall) => {
      switch (call.call) {
        case 'order-modules':
          return utils.client.course.modules.order.mutate({ ids: call.ids });
        case 'move-lesson':
          return utils.client.course.lessons.update.mutate({ id: call.lessonId, moduleId: call.moduleId });
        case 'order-lessons':
          return utils.client.course.lessons.order.mutate({ id: call.moduleId, ids: call.ids });
      }
    },
    [utils],
  );

  const drop = useCallback(
    async (result: DropResult) => {
      if (!modules) return;
      const plan = planDrop(modules, result);
      if (!plan) return;
      setDropped(plan.modules);
      try {
        for (const call of plan.calls) await run(call);
        showStatus(result.type === 'module' ? 'Module order saved' : 'Lesson order saved', { tone: 'success' });
      } catch (error) {
        showStatus(`The new order was not saved: ${serverMessage(error, 'the server did not answer')}`, { tone: 'error', durationMs: 6000 });
      } finally {
        await utils.course.invalidate();
        setDropped(null);
      }
    },
    [modules, run, showStatus, utils],
  );

  // Every course query: the content, and the member preview that shows it.
  const reload = useCallback(() => utils.course.invalidate(), [utils]);

  return { modules, error: content.error, refetch: content.refetch, drop, reload };
}

export type CourseContent = ReturnType<typeof useCourseContent>;
