// The Architect card's button on /courses: for a signed-in Explorer, "Become an Architect" goes to
// checkout; for a visitor it joins first, as before; an Architect is pointed at their course. While
// a signed-in member's tier is being asked, it waits, disabled.
import { useEffect, useState } from 'react';
import type { MembershipTier } from '@shared/constants';
import { useToken } from '../lib/session';
import { visitorClient } from '../lib/visitor-client';
import { buttonClass, ButtonLink } from '../ui/button';
import { BecomeArchitectButton } from './become-architect-button';

/**
 * The signed-in member's tier; 'asking' while the server is asked for it; null for a visitor (or a
 * token that stands for nobody).
 */
function useSignedInTier(): MembershipTier | 'asking' | null {
  const token = useToken();
  const [known, setKnown] = useState<{ token: string; tier: MembershipTier | null } | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    visitorClient.auth.me.query().then(
      (user) => {
        if (current) setKnown({ token, tier: user.membershipTier });
      },
      // An expired token: the page stays the visitor's.
      () => {
        if (current) setKnown({ token, tier: null });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);
  if (!token) return null;
  return known?.token === token ? known.tier : 'asking';
}

export function ArchitectTierAction({ className }: { className?: string }) {
  const tier = useSignedInTier();
  // A signed-in member's button waits for their tier: the visitor's link to /join, pressed
  // meanwhile, would send a member to sign up again.
  if (tier === 'asking') {
    return (
      <button type="button" className={buttonClass('primary', className)} disabled aria-busy="true">
        Become an Architect
      </button>
    );
  }
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
