// The visitor pages' calls (sign in, join, reset a password): the same procedures as everywhere,
// through the plain tRPC client, and the little state a form needs around one call. React-query
// and its tRPC hooks stay in the signed-in screens' chunks, out of the first page's bundle.
import { createTRPCClient } from '@trpc/client';
import { useRef, useState } from 'react';
import type { AppRouter } from './trpc';
import { trpcLinks } from './trpc-link';

export const visitorClient = createTRPCClient<AppRouter>({ links: trpcLinks() });

interface Handlers<Output> {
  onSuccess?: (output: Output) => void;
  onError?: (error: Error) => void;
}

type CallState = { status: 'idle' | 'pending' | 'success' } | { status: 'error'; error: Error };

/** One procedure's call from a form: `mutate` it, read `isPending`, `isSuccess` and `error`, `reset`. */
export function useCall<Input, Output>(call: (input: Input) => Promise<Output>) {
  const [state, setState] = useState<CallState>({ status: 'idle' });
  // Only the latest call's answer counts: one that comes after a reset or a newer call is dropped.
  const latest = useRef(0);

  return {
    mutate(input: Input, handlers: Handlers<Output> = {}) {
      const id = ++latest.current;
      setState({ status: 'pending' });
      call(input).then(
        (output) => {
          if (id !== latest.current) return;
          setState({ status: 'success' });
          handlers.onSuccess?.(output);
        },
        (error: unknown) => {
          if (id !== latest.current) return;
          const failure = error instanceof Error ? error : new Error(String(error));
          setState({ status: 'error', error: failure });
          handlers.onError?.(failure);
        },
      );
    },
    reset() {
      latest.current++;
      setState({ status: 'idle' });
    },
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    error: state.status === 'error' ? state.error : null,
  };
}
