// The member's comments in their data export (CONTRACT §5): a section of the account's export file,
// which composition hands the account's export route (the account sits below the discussion).
import type { ExportSection } from '../account/export-route';
import { createCallerFactory } from '../trpc/init';
import { discussionExportRouter } from './discussion-router';

// The export route is the only caller, as for the account's own parts: no export goes unrecorded.
const createCaller = createCallerFactory(discussionExportRouter);

export const commentsExportSection: ExportSection = {
  name: 'comments',
  description: 'every comment the member wrote, with its Markdown body, oldest first (a stub of theirs, emptied on deletion, no longer names them)',
  read: async (context) => (await createCaller(context).comments()).comments,
};
