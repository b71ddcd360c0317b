import { describe, expect, it } from 'vitest';
import { addReply, dropComment, removeThread, replaceFirstPage, upsertThread, type CommentPages } from './comment-pages';
import { aComment, aReply } from './comment-fixtures.test-support';

const pinned = aComment({ _id: 'p', pinned: true, createdAt: '2026-11-01T00:00:00.000Z' });
const newer = aComment({ _id: 'n', createdAt: '2026-11-29T12:00:00.000Z' });
const older = aComment({ _id: 'o', createdAt: '2026-11-28T12:00:00.000Z' });
const oldest = aComment({ _id: 'x', createdAt: '2026-11-20T12:00:00.000Z' });

const pages = (...lists: Array<{ ids: ReturnType<typeof aComment>[]; next: string | null }>): CommentPages => ({
  pages: lists.map(({ ids, next }) => ({ comments: ids, nextCursor: next })),
  pageParams: lists.map((_, index) => (index === 0 ? undefined : `cursor-${index}`)),
});

const ids = (data: CommentPages) => data.pages.map((page) => page.comments.map((comment) => comment._id));

describe("the discussion's loaded pages", () => {
  it('insert a new thread after the pinned ones, newest first', () => {
    const data = pages({ ids: [pinned, older], next: null });
    expect(ids(upsertThread(data, newer))).toEqual([['p', 'n', 'o']]);
    expect(ids(upsertThread(data, oldest))).toEqual([['p', 'o', 'x']]);
  });

  it('leave a thread that sorts after every loaded one for Load more, while more pages wait', () => {
    expect(ids(upsertThread(pages({ ids: [pinned, older], next: 'more' }), oldest))).toEqual([['p', 'o']]);
  });

  it('replace a known thread in place, and move it when its pin changed', () => {
    const data = pages({ ids: [pinned, newer], next: 'more' }, { ids: [older], next: null });
    const answered = { ...older, answered: true };
    expect(upsertThread(data, answered).pages[1]!.comments[0]).toBe(answered);
    expect(ids(upsertThread(data, { ...older, pinned: true }))).toEqual([['o', 'p', 'n'], []]);
  });

  it('remove a thread from whichever page holds it', () => {
    expect(ids(removeThread(pages({ ids: [pinned], next: 'more' }, { ids: [older], next: null }), 'o'))).toEqual([['p'], []]);
  });

  it('add a reply at the end of its thread once, however often it comes', () => {
    const reply = aReply({ _id: 'r', parentId: 'n' });
    const once = addReply(pages({ ids: [newer], next: null }), reply);
    expect(addReply(once, reply).pages[0]!.comments[0]!.replies.map((known) => known._id)).toEqual(['r']);
  });

  it('after a deletion: keep a thread with replies as a stub, drop one without, and drop a stub its last reply left', () => {
    const reply = aReply({ _id: 'r', parentId: 'n' });
    const data = pages({ ids: [{ ...newer, replies: [reply] }, older], next: null });
    const stubbed = dropComment(data, data.pages[0]!.comments[0]!);
    expect(stubbed.pages[0]!.comments[0]).toMatchObject({ _id: 'n', status: 'deleted', author: null, html: '' });
    expect(ids(dropComment(data, older))).toEqual([['n']]);
    expect(ids(dropComment(stubbed, reply))).toEqual([['o']]);
  });

  it('take the first page read again in place of the loaded one, the later pages keeping what it does not hold', () => {
    const data = pages({ ids: [pinned, older], next: 'more' }, { ids: [oldest], next: null });
    expect(ids(replaceFirstPage(data, { comments: [newer, pinned], nextCursor: 'more' }))).toEqual([['n', 'p'], ['x']]);
    expect(ids(replaceFirstPage(data, { comments: [newer, oldest], nextCursor: 'more' }))).toEqual([['n', 'x'], []]);
  });
});
