// The admin's user management over REST (CONTRACT §2), each row calling its procedure of usersRouter.
import { messageAnswer, publicUserSchema, userPageSchema, userStatsSchema } from '../../shared/answer-schemas';
import { MESSAGES } from '../../shared/messages';
import { createUserInput, listUsersInput, updateUserInput, userIdInput } from '../../shared/user-schemas';
import { asIs, besideSuccess, inData } from '../http/answers';
import { restRowsOf, type RestSection } from '../http/rest-rows';
import { createCallerFactory } from '../trpc/init';
import { usersRouter } from './router';

const { row, noInputRow } = restRowsOf(createCallerFactory(usersRouter));

export const usersRest: RestSection = {
  tag: 'Users',
  rows: [
    noInputRow({
      method: 'GET',
      url: '/api/admin/stats',
      access: 'admin',
      summary: 'Count all users, paid members and free members',
      answer: inData(userStatsSchema),
      procedure: (c) => c.stats,
    }),
    row({
      method: 'GET',
      url: '/api/admin/users',
      access: 'admin',
      summary: 'One page (10 users) of the users, searched and sorted',
      input: listUsersInput,
      answer: asIs(userPageSchema),
      procedure: (c) => c.list,
    }),
    row({
      method: 'POST',
      url: '/api/admin/users',
      status: 201,
      access: 'admin',
      summary: 'Create a user',
      input: createUserInput,
      answer: inData(publicUserSchema),
      refusals: { 409: MESSAGES.emailInUse },
      procedure: (c) => c.create,
    }),
    row({
      method: 'PUT',
      url: '/api/admin/users/:id',
      access: 'admin',
      summary: 'Change a user; an empty or absent password leaves it unchanged',
      input: updateUserInput,
      answer: inData(publicUserSchema),
      refusals: { 400: 'Or the change would leave no active admin.', 404: 'No user with that id.', 409: MESSAGES.emailInUse },
      procedure: (c) => c.update,
    }),
    row({
      method: 'DELETE',
      url: '/api/admin/users/:id',
      access: 'admin',
      summary: 'Delete a user',
      input: userIdInput,
      answer: besideSuccess(messageAnswer),
      refusals: { 400: 'Or it is your own account, or the last active admin.', 404: 'No user with that id.' },
      procedure: (c) => c.delete,
    }),
  ],
};
