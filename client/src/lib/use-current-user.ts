// The signed-in member (auth.me). A 401 means the token no longer stands for anyone: forget it
// and send the person to sign in again, carrying the server's explanation along.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { serverMessage } from './server-message';
import { clearToken } from './session';
import { trpc } from './trpc';

export interface LoginNotice {
  notice?: string;
}

export function useCurrentUser() {
  const navigate = useNavigate();
  const query = trpc.auth.me.useQuery();
  const error = query.error;
  const unauthorized = error?.data?.httpStatus === 401;

  useEffect(() => {
    if (!unauthorized) return;
    clearToken();
    const state: LoginNotice = { notice: serverMessage(error, MESSAGES.sessionExpired) };
    navigate('/login', { replace: true, state });
  }, [unauthorized, error, navigate]);

  return query;
}
