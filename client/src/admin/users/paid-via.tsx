// How a paid member became an Architect (CONTRACT §6), under their tier in the user list: by an
// admin's hand, or through Stripe with the Checkout Session to look up in Stripe's dashboard.
import type { AdminUser } from './user-types';
import './paid-via.css';

export function PaidVia({ user }: { user: AdminUser }) {
  if (user.membershipTier !== 'paid' || !user.paidVia) return null;
  return (
    <span className="paid-via">
      {user.paidVia === 'stripe' ? (
        <>
          via Stripe <code className="paid-via__session">{user.checkoutSessionId}</code>
        </>
      ) : (
        'by hand'
      )}
    </span>
  );
}
