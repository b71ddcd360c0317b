// False while React renders on the server and hydrates the prerendered page, true from the render
// after: for what the prerendered HTML must leave out (content that depends on the browser).
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
