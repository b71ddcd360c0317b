// The member behind a session as the access rule sees them. The session's one read of the user
// (request-context.ts) carries their tier and paidSince, so no course call reads the user twice.
import type { SessionUser } from '../trpc/context';
import type { CourseViewer } from './access';

export const viewerOf = (user: SessionUser): CourseViewer => ({ role: user.role, tier: user.membershipTier, paidSince: user.paidSince });
