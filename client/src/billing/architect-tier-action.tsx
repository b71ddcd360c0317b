// The Architect card's button on /courses: for a signed-in Explorer, "Become an Architect" goes to
// checkout; for a visitor it joins first, as before; an Architect is pointed at their course.
import { useEffect, useState } from 'react';
import type { MembershipTier } from '@shared/constants';
import { useToken } from '../lib/session';
import { visitorClient } from '../lib/visitor-client';
import { buttonClass, ButtonLink } from '../ui/button';
import { BecomeArchitectButton } from './become-architect-button';

/** The signed-in member's tier, once known; null for a visitor (or a token that stands for nobody). */
function useSignedInTier(): MembershipTier | null {
  const token = useToken();
  const [tier, setTier] = useState<MembershipTier | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    visitorClient.auth.me.query().then(
      (user) => {
        if (current) setTier(user.membershipTier);
      },
      // An expired token: the page stays the visitor's.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [token]);
  return token ? tier : null;
}

export function ArchitectTierAction({ className }: { className?: string }) {
  const tier = useSignedInTier();
  if (tier === 'free') return <BecomeArchitectButton fallback="/join" className={buttonClass('primary', className)} />;
  if (tier === 'paid') {
    return (
      <ButtonLink to="/dashboard" variant="primary" className={className}>
        Open your course
      </ButtonLink>
    );
  }
  return (
    <ButtonLink to="/join" variant="primary" className={className}>
      Become an Architect
    </ButtonLink>
  );
}
