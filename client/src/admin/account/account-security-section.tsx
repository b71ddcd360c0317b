// Account Security: the signed-in admin's own two-factor sign-in, the same panel members have on
// their Account page, and a link to that page for the rest. (Another user's is cleared from User Management.)
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { PanelSection } from '@/ui/panel-section';
import { TwoFactorSettings } from '@/two-factor/two-factor-settings';

export function AccountSecuritySection() {
  const headingId = useId();
  return (
    <PanelSection title="Account Security">
      <section aria-labelledby={headingId}>
        <h3 id={headingId}>Two-factor sign-in</h3>
        <TwoFactorSettings />
      </section>
      <p>
        Your name, email address, password, data and the deletion of your account are on <Link to="/account">your account page</Link>.
      </p>
    </PanelSection>
  );
}
