import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { httpStatusOf } from '../lib/server-message';
import { getToken, subscribeToken } from '../lib/session';
import { createTrpcClient, trpc } from '../lib/trpc';

// A refusal (4xx) will not change by asking again; a network hiccup or a 5xx might.
function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== undefined && status < 500) return false;
  return failureCount < 2;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, staleTime: 30_000 } } }));
  const [trpcClient] = useState(createTrpcClient);

  // A new token is a new person: nothing cached for the previous one may show through. (Removing
  // the token clears nothing: the pages still on screen are on their way out.)
  useEffect(
    () =>
      subscribeToken(() => {
        if (getToken()) queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
