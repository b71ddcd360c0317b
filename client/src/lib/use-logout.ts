import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearToken } from './session';

/** Logout (spec §4): remove the token, go to the landing page. */
export function useLogout() {
  const navigate = useNavigate();
  return useCallback(() => {
    clearToken();
    navigate('/');
  }, [navigate]);
}
