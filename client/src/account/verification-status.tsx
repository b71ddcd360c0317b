// Whether the address is verified, with Resend while it is not.
import { trpc } from '../lib/trpc';
import { Button } from '../ui/button';
import { ServerError } from '../ui/server-error';
import { StatusMessage } from '../ui/status-message';

export function VerificationStatus({ email, verified }: { email: string; verified: boolean }) {
  const resend = trpc.account.sendVerification.useMutation();
  if (verified) return <p className="account-page__verified">It is verified.</p>;
  return (
    <>
      <p>It is not verified yet: open the link we mailed to it to confirm the address is yours, or ask for a new one.</p>
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
