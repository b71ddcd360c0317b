// The address "Become an Architect" sends a member to (CONTRACT §6): the Payment Link, told who is
// paying. Stripe hands client_reference_id back in checkout.session.completed, which is how the
// webhook knows whom to upgrade; prefilled_email saves the member typing it (they may change it,
// so the email is only the fallback match).
export function checkoutUrl(paymentLink: string, member: { id: string; email: string }): string {
  const url = new URL(paymentLink);
  url.searchParams.set('client_reference_id', member.id);
  url.searchParams.set('prefilled_email', member.email);
  return url.href;
}
