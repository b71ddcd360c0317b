// Signing out (spec §4, CONTRACT §3): the server ends the token, then it is removed here and the
// person goes to the landing page.
import { useNavigate } from 'react-router-dom';
import { clearToken } from './session';
import { trpc } from './trpc';

export function useLogout() {
  const navigate = useNavigate();
  const logout = trpc.auth.logout.useMutation();
  const logoutAll = trpc.auth.logoutAll.useMutation();
  const leave = () => {
    clearToken();
    navigate('/');
  };
  return {
    /** Logout: whatever the server answers (offline, token already ended), this browser signs out. */
    logout: () =>
      logout
        .mutateAsync()
        .catch(() => undefined)
        .then(leave),
    /** Sign out everywhere: only once the server has ended every token; a failure stays in `everywhereError`. */
    logoutEverywhere: () => logoutAll.mutateAsync().then(leave, () => undefined),
    everywhereError: logoutAll.error,
    pending: logout.isPending || logoutAll.isPending,
  };
}
