import { ButtonLink } from '../ui/button';
import { usePageTitle } from '../lib/use-page-title';
import { Panel } from '../ui/panel';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="page page--narrow">
      <Panel center>
        <p className="eyebrow">404</p>
        <h1>This page has drifted out of orbit</h1>
        <p className="lead">We could not find the page you were looking for. It may have moved, or the address may be mistyped.</p>
        <div className="actions actions--center">
          <ButtonLink to="/" variant="primary">
            Return home
          </ButtonLink>
        </div>
      </Panel>
    </div>
  );
}
