// The keys of a user object as every answer gives it (CONTRACT §2, with §5's emailVerified and §6's
// paidSince, paidVia and checkoutSessionId), sorted: written once for the tests that hold answers to it.
export const PUBLIC_USER_KEYS = [
  '_id',
  'checkoutSessionId',
  'createdAt',
  'email',
  'emailVerified',
  'membershipTier',
  'name',
  'paidSince',
  'paidVia',
  'role',
  'status',
  'updatedAt',
];
