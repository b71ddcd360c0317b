// The REST façade (CONTRACT §2): each domain declares its rows beside its router (its rest.ts,
// made with http/rest-rows.ts), and this table registers them, section by section, in the order
// the API reference lists them. A new capability adds its rows in its own folder and one line here
// (decision 039). GET /api/slider/public, POST /api/media/upload, POST /api/admin/course/lessons/{id}/files,
// the exports and POST /api/billing/stripe/webhook are routes of their own, registered by app.ts.
import type { FastifyInstance } from 'fastify';
import { accountRest, outboxRest } from '../account/rest';
import { auditRest } from '../audit/rest';
import { authRest, twoFactorAdminRest } from '../auth/rest';
import { billingRest } from '../billing/rest';
import { courseManagerRest, courseRest } from '../course/rest';
import { discussionAdminRest, discussionRest } from '../discussion/rest';
import type { RestSection } from '../http/rest-rows';
import { mediaRest } from '../media/rest';
import { playlistsRest, sliderRest } from '../slider/rest';
import type { ContextFactory } from '../trpc/context';
import { usersRest } from '../users/rest';

const table: RestSection[] = [
  authRest,
  accountRest,
  usersRest,
  twoFactorAdminRest,
  auditRest,
  mediaRest,
  sliderRest,
  playlistsRest,
  courseRest,
  courseManagerRest,
  billingRest,
  outboxRest,
  discussionRest,
  discussionAdminRest,
];

export function registerRestRoutes(app: FastifyInstance, createContext: ContextFactory) {
  for (const { tag, rows } of table) {
    for (const register of rows) register(app, tag, createContext);
  }
}
