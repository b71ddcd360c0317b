// A form's or a screen's failed call, in words (spec §8): the server's message for a refusal, else
// the screen's fallback. Nothing while there is no error.
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '../lib/server-message';
import { StatusMessage } from './status-message';

interface ServerErrorProps {
  error: unknown;
  /** What failed, said before the reason ("Could not load the slider settings"). */
  what?: string;
  /** Spec §8's words for this screen when the server gave none. */
  fallback?: string;
}

export function ServerError({ error, what, fallback = MESSAGES.somethingWentWrong }: ServerErrorProps) {
  if (!error) return null;
  const reason = serverMessage(error, fallback);
  return <StatusMessage tone="error">{what ? `${what}: ${reason}` : reason}</StatusMessage>;
}
