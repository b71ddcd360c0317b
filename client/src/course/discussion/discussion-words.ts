// What the discussion says on the page, where the server's own words (DISCUSSION_MESSAGES) do not.
export const DISCUSSION_WORDS = {
  held: 'Thanks! Your comment waits for a review by an admin before others see it.',
  heldReply: 'Thanks! Your reply waits for a review by an admin before others see it.',
  posted: 'Your comment is posted.',
  replied: 'Your reply is posted.',
  edited: 'Your changes are saved.',
  postFailed: 'Could not post it. Try again.',
  editFailed: 'Could not save your changes. Try again.',
  deleteFailed: 'Could not delete the comment. Try again.',
  reportFailed: 'Could not send the report. Try again.',
  loadFailed: 'Could not load the discussion.',
  none: 'No comments yet. Ask the first question.',
  deletedStub: 'This comment was deleted.',
  formerMember: 'A former member',
  streamClosed: 'Live updates have stopped.',
} as const;

/** How long the status line keeps a message: the review notice stays long enough to read twice. */
export const HELD_NOTICE_MS = 12_000;
