// /welcome: where Stripe sends a member back after paying (the Payment Link's after-payment
// address). The tier changes when Stripe's webhook lands, usually within seconds of the redirect
// and sometimes after it: the page asks briefly, opens the course once the member is an Architect,
// and says plainly when the confirmation is late rather than showing a locked course.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { WELCOME_POLL_MS, WELCOME_WAIT_MS } from '@shared/billing';
import { trpc } from '../lib/trpc';
import { usePageTitle } from '../lib/use-page-title';
import { Button, ButtonLink } from '../ui/button';
import { Panel } from '../ui/panel';
import { Spinner } from '../ui/spinner';
import { StatusMessage } from '../ui/status-message';
import './welcome-page.css';

export function WelcomePage() {
  usePageTitle('Welcome');
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  // Each round of asking lasts WELCOME_WAIT_MS; "Check again" starts another.
  const [round, setRound] = useState(0);
  const [late, setLate] = useState(false);
  const me = trpc.auth.me.useQuery(undefined, { refetchInterval: late ? false : WELCOME_POLL_MS });
  const paid = me.data?.membershipTier === 'paid';

  useEffect(() => {
    if (paid) return;
    const timer = setTimeout(() => setLate(true), WELCOME_WAIT_MS);
    return () => clearTimeout(timer);
  }, [paid, round]);

  useEffect(() => {
    if (!paid) return;
    let current = true;
    // The outline as an Architect sees it now, not one kept from before the payment.
    void utils.course.outline.fetch(undefined, { staleTime: 0 }).then(
      (outline) => {
        const first = outline.modules.flatMap((module) => module.lessons).find((lesson) => !lesson.locked);
        if (current) void navigate(first ? `/course/${first._id}` : '/dashboard', { replace: true });
      },
      () => {
        if (current) void navigate('/dashboard', { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [paid, utils, navigate]);

  return (
    <div className="page">
      <Panel className="welcome-page">
        <h1>Thank you</h1>
        {late && !paid ? (
          <>
            <StatusMessage tone="info">
              Stripe has not confirmed your payment to us yet. This usually takes a few seconds, but it can take a few minutes. Your payment is safe: your
              course opens as soon as the confirmation arrives.
            </StatusMessage>
            <div className="actions">
              <Button
                onClick={() => {
                  setLate(false);
                  setRound((n) => n + 1);
                  void me.refetch();
                }}
              >
                Check again
              </Button>
              <ButtonLink to="/dashboard" variant="secondary">
                Go to your dashboard
              </ButtonLink>
            </div>
          </>
        ) : (
          <p role="status">
            <Spinner /> Your payment went through. Opening your course…
          </p>
        )}
      </Panel>
    </div>
  );
}
