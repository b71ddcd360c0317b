// Everything behind the guard (the dashboard, the admin panel) as one lazy layout: react-query and
// the tRPC hooks load with it, so the visitor pages' bundle carries neither (visitor-client.ts).
import { Outlet } from 'react-router-dom';
import { AppProviders } from './providers';

export function MemberArea() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
