// The reference page: Swagger UI showing /api/openapi.json under the site's header. Its script and
// its styles are files (docs.js, docs.css), since the page policy runs no inline script or style.
// They live here as text, so that the built server carries them with no file beside it.

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="dark">
    <title>API reference · Quantum Path</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="/api/docs/swagger-ui.css">
    <link rel="stylesheet" href="/api/docs/docs.css">
  </head>
  <body>
    <header class="docs-header">
      <a class="docs-header__home" href="/">Quantum Path</a>
      <h1 class="docs-header__title">API reference</h1>
      <a class="docs-header__link" href="/api/openapi.json">openapi.json</a>
    </header>
    <main id="reference" class="docs-main">
      <noscript>This page needs JavaScript. The document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
    </main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/docs.js"></script>
  </body>
</html>
`;

// No layout with a top bar (it would fetch any url typed into it), no validator badge (it calls
// validator.swagger.io), and the token given to Authorize is kept only as long as the page is open.
export const DOCS_SCRIPT = `SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#reference',
  layout: 'BaseLayout',
  deepLinking: true,
  validatorUrl: null,
  persistAuthorization: false,
  displayRequestDuration: true,
});
`;

// The site's night sky and gold around Swagger UI's own light panel (styles.css has the tokens).
export const DOCS_STYLE = `body {
  margin: 0;
  min-height: 100vh;
  background: radial-gradient(ellipse at top, #1a1d52 0%, #0a1030 45%, #050817 100%) fixed;
  color: #eceaf6;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
}

.docs-header {
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0.5rem 1.5rem;
  max-width: 72rem;
  margin: 0 auto;
  padding: 1.25rem clamp(1rem, 4vw, 2rem);
}

.docs-header__home {
  font-family: 'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, serif;
  font-size: 1.3rem;
  font-weight: 600;
  color: #eceaf6;
  text-decoration: none;
}

.docs-header__title {
  flex: 1;
  margin: 0;
  font-size: 1rem;
  font-weight: 500;
  color: #b3b7d6;
}

.docs-header__link {
  color: #f3d790;
}

.docs-header a:hover {
  color: #fff0c6;
}

.docs-main {
  max-width: 72rem;
  margin: 0 auto 2rem;
  padding: 0.5rem 0 1.5rem;
  border: 1px solid rgba(214, 220, 255, 0.14);
  border-radius: 20px;
  background: #fbfbfe;
  color: #3b4151;
  color-scheme: light;
}

.docs-main noscript {
  display: block;
  padding: 1.5rem;
}

:focus-visible {
  outline: 3px solid #9fdcff;
  outline-offset: 3px;
}

/* On the light panel, the site's pale focus ring would barely show. */
.docs-main :focus-visible {
  outline-color: #1d5fae;
}

@media (max-width: 74rem) {
  .docs-main {
    margin: 0 0.5rem 1rem;
  }
}
`;
