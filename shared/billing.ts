// Becoming an Architect through Stripe (CONTRACT §6): the words both sides show.

export const BILLING_MESSAGES = {
  alreadyArchitect: 'You are already an Architect',
  notSetUp: 'Payments are not set up',
} as const;

/** Where Stripe sends the member back after paying (the Payment Link's after-payment address, .env.example). */
export const WELCOME_PATH = '/welcome';
