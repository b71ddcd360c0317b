import { useRouteError } from 'react-router-dom';
import { usePageTitle } from '../lib/use-page-title';
import { buttonClass } from '../ui/button';
import { Panel } from '../ui/panel';
import './route-error.css';

/** The router's error page (spec §8): a render or loader error anywhere below shows this. */
export function RouteError() {
  const error = useRouteError();
  usePageTitle('Error');
  const detail = error instanceof Error ? error.message : undefined;

  return (
    <div className="page page--narrow">
      <Panel center>
        <h1>Unexpected Application Error!</h1>
        <p className="lead">Something went wrong while showing this page. Reloading often helps; if it does not, start again from the home page.</p>
        {detail && <p className="error-detail">{detail}</p>}
        <div className="actions actions--center">
          {/* Full page loads on purpose: they start the app afresh. */}
          <a className={buttonClass('primary')} href="/">
            Return home
          </a>
          <button type="button" className={buttonClass('secondary')} onClick={() => window.location.reload()}>
            Reload the page
          </button>
        </div>
      </Panel>
    </div>
  );
}
