import { Outlet, ScrollRestoration } from 'react-router-dom';
import { BackgroundLayer } from './background-layer';
import { SiteHeader } from './site-header';
import './site-layout.css';

/** Every page: the background layer behind, then header, content and footer. */
export function SiteLayout() {
  return (
    <>
      <BackgroundLayer />
      <div className="site">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="site-main" tabIndex={-1}>
          <Outlet />
        </main>
        <footer className="site-footer">
          <p>2025 All Rights Reserved</p>
        </footer>
      </div>
      <ScrollRestoration />
    </>
  );
}
