// First, so that every component's own stylesheet comes after the tokens and resets.
import './base.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';

// Made on the first render rather than when this module runs: the module runs in the same task as
// the page's load event and its first layout, and every millisecond spent there is one long task
// (docs/decisions/038). Made once, as StrictMode may call a render twice.
let router: ReturnType<typeof createBrowserRouter> | undefined;

function App() {
  router ??= createBrowserRouter(routes);
  return <RouterProvider router={router} />;
}

const rootElement = document.getElementById('root');
if (rootElement) {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The visitor pages arrive prerendered (client/src/prerender.tsx): React takes over their HTML
  // instead of drawing it again. As a transition, so that React takes it over in slices and lets the
  // browser draw the page between them instead of one long task; its event listeners are on the root
  // from this call on, and a click, a key or a keystroke before the slices are done makes React finish
  // at once and then handle it, so no form is ever left to the browser once the script has run.
  if (rootElement.firstElementChild) startTransition(() => void hydrateRoot(rootElement, app));
  else createRoot(rootElement).render(app);
} else {
  console.error('The page has no #root element to render the app into.');
}
