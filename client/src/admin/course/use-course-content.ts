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
import { TRANSCODE_POLL_MS, transcodesUnderWay } from './transcode-words';

export function useCourseContent(showStatus: ShowStatus) {
  const utils = trpc.useUtils();
  // Read again every 2 s while a media file's transcode is queued or running (its live percent),
  // and not at all otherwise.
  const content = trpc.course.content.useQuery(undefined, {
    refetchInterval: (query) => (transcodesUnderWay(query.state.data?.modules) ? TRANSCODE_POLL_MS : false),
  });
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
      let failure: unknown = null;
      try {
        for (const call of plan.calls) await run(call);
      } catch (error) {
        failure = error;
      }
      // Whatever happened, the board shows the server's course again before it can be dragged again.
      await utils.course.invalidate();
      setDropped(null);
      if (failure) showStatus(`The new order was not saved: ${serverMessage(failure, 'the server did not answer')}`, { tone: 'error', durationMs: 6000 });
      else showStatus(result.type === 'module' ? 'Module order saved' : 'Lesson order saved', { tone: 'success' });
    },
    [modules, run, showStatus, utils],
  );

  // Every course query: the content, and the member preview that shows it.
  const reload = useCallback(() => utils.course.invalidate(), [utils]);

  // One drop at a time: a second one planned from a board still being saved could mix two orders.
  return { modules, saving: dropped !== null, error: content.error, refetch: content.refetch, drop, reload };
}

export type CourseContent = ReturnType<typeof useCourseContent>;
