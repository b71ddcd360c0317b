// Becoming an Architect through Stripe (CONTRACT §6): the words both sides show.

export const BILLING_MESSAGES = {
  alreadyArchitect: 'You are already an Architect',
  notSetUp: 'Payments are not set up',
} as const;

/** How often /welcome asks whether the webhook has landed, and how long before it says it is late. */
export const WELCOME_POLL_MS = 1500;
export const WELCOME_WAIT_MS = 45_000;
