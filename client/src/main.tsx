// First, so that every component's own stylesheet comes after the tokens and resets.
import './base.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';

const rootElement = document.getElementById('root');
if (rootElement) {
  const app = (
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>
  );
  // The visitor pages arrive prerendered (client/src/prerender.tsx): React takes over their HTML
  // instead of drawing it again.
  if (rootElement.firstElementChild) hydrateRoot(rootElement, app);
  else createRoot(rootElement).render(app);
} else {
  console.error('The page has no #root element to render the app into.');
}
