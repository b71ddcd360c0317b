// Comments as the server answers them, for the discussion's tests.
import type { Comment, Reply } from '@shared/discussion';

export function aComment(fields: Partial<Comment> & { _id: string }): Comment {
  return {
    lessonId: 'l1',
    parentId: null,
    author: { _id: 'member-2', name: 'Grace' },
    body: null,
    html: `<p>Comment ${fields._id}</p>`,
    atSeconds: null,
    createdAt: '2026-11-29T10:00:00.000Z',
    editedAt: null,
    status: 'visible',
    answered: false,
    pinned: false,
    replies: [],
    ...fields,
  };
}

export function aReply(fields: Partial<Reply> & { _id: string; parentId: string }): Reply {
  return { ...aComment(fields), ...fields, replies: [] };
}
