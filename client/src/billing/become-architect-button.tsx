// "Become an Architect" (CONTRACT §6): asks the server for the Payment Link (POST checkout) and sends
// the browser there. It stays a link to where the button led before payments existed (`fallback`),
// so it works before the page's script runs, and a site without payments (404) keeps going there.
//
// Shared by the visitor bundle (/courses) and the lazy members' chunk, it imports neither ui/ nor
// lib/server-message (the caller gives the button's class): either makes Rolldown 1.2 split React
// and the tRPC client out of the entry (rolldown#9963; tests/e2e/visitor-pages.spec.ts counts the files).
import { useNavigate } from 'react-router-dom';

import { useCall, visitorClient } from '../lib/visitor-client';

interface BecomeArchitectButtonProps {
  /** Where the button leads without payments: the tiers section, or the join page. */
  fallback: string;
  /** The button's look: ui/button's buttonClass. */
  className: string;
}

/** The refusal's status, as tRPC's client error carries it (what lib/server-message reads, which this file may not import). */
const statusOf = (error: Error) => (error as { data?: { httpStatus?: number } }).data?.httpStatus;

export function BecomeArchitectButton({ fallback, className }: BecomeArchitectButtonProps) {
  const navigate = useNavigate();
  const checkout = useCall(() => visitorClient.billing.checkout.mutate());
  const status = checkout.error ? statusOf(checkout.error) : undefined;

  return (
    <>
      <a
        href={fallback}
        className={className}
        aria-busy={checkout.isPending || undefined}
        onClick={(event) => {
          // A new tab or window (a modified click) keeps the plain link.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          if (checkout.isPending) return;
          checkout.mutate(undefined, {
            // Stripe's page: a full navigation, away from the site.
            onSuccess: ({ url }) => window.location.assign(url),
            onError: (error) => {
              if (statusOf(error) === 404) void navigate(fallback);
            },
          });
        }}
      >
        Become an Architect
      </a>
      {checkout.error && status !== 404 && (
        // "You are already an Architect" (409), or that the server could not answer (MESSAGES.somethingWentWrong's words).
        <p role="alert">{status !== undefined && status < 500 ? checkout.error.message : 'Something went wrong'}</p>
      )}
    </>
  );
}
