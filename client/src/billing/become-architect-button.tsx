// "Become an Architect" (CONTRACT §6): asks the server for the Payment Link (POST checkout) and sends
// the browser there. It stays a link to where the button led before payments existed (`fallback`),
// so it works before the page's script runs, and a site without payments (404) keeps going there.
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { httpStatusOf, serverMessage } from '../lib/server-message';
import { useCall, visitorClient } from '../lib/visitor-client';
import { buttonClass, type ButtonVariant } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { StatusMessage } from '../ui/status-message';

interface BecomeArchitectButtonProps {
  /** Where the button leads without payments: the tiers section, or the join page. */
  fallback: string;
  variant?: ButtonVariant;
  className?: string;
}

export function BecomeArchitectButton({ fallback, variant = 'primary', className }: BecomeArchitectButtonProps) {
  const navigate = useNavigate();
  const checkout = useCall(() => visitorClient.billing.checkout.mutate());
  const refused = checkout.error && httpStatusOf(checkout.error) !== 404 ? checkout.error : null;

  return (
    <>
      <a
        href={fallback}
        className={buttonClass(variant, className)}
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
              if (httpStatusOf(error) === 404) void navigate(fallback);
            },
          });
        }}
      >
        {checkout.isPending && <Spinner />}
        Become an Architect
      </a>
      {refused && <StatusMessage tone="error">{serverMessage(refused, MESSAGES.somethingWentWrong)}</StatusMessage>}
    </>
  );
}
