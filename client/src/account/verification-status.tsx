// Whether the address is verified, with Resend while it is not.
import { trpc } from '../lib/trpc';
import { Button } from '../ui/button';
import { ServerError } from '../ui/server-error';
import { StatusMessage } from '../ui/status-message';

export function VerificationStatus({ email, verified }: { email: string; verified: boolean }) {
  const resend = trpc.account.sendVerification.useMutation();
  if (verified) return <p className="account-page__verified">Your email address is verified.</p>;
  return (
    <>
      <p>
        Your email address is not verified yet. We mailed a link to {email} when you joined; open it to confirm the address is yours.
      </p>
      <div className="actions">
        <Button variant="secondary" className="button--small" busy={resend.isPending} onClick={() => resend.mutate()}>
          Resend
        </Button>
      </div>
      {resend.data && <StatusMessage tone="success">{`${resend.data.message} to ${email}.`}</StatusMessage>}
      <ServerError error={resend.error} />
    </>
  );
}
