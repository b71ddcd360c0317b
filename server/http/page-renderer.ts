// Renders a visitor page again at run time, with the build's own render bundle
// (client/src/prerender.tsx, left in dist/pages/render by scripts/prerender-pages.mjs): the same
// components the browser hydrates, so the server keeps no second copy of any markup. Loaded on the
// first render only: a site whose pages never change (an untouched course) never loads React.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** What the page was rendered with; the page reads it back to hydrate. */
export type PageData = Record<string, unknown>;

interface RenderedPage {
  html: string;
  title: string;
  data: PageData;
}

/** The exports of client/src/prerender.tsx that the server uses. */
interface RenderBundle {
  render(pathname: string, data: PageData): Promise<RenderedPage>;
  fillTemplate(template: string, page: RenderedPage): string;
}

export class PageRenderer {
  private bundle: Promise<RenderBundle> | undefined;

  /** `bundleFile`: the render bundle; `template`: the built index.html, its placeholders as the server fills them per answer. */
  constructor(
    private readonly bundleFile: string,
    private readonly template: string,
  ) {}

  /** Whether the build left a render bundle (a build before this one did not). */
  get available(): boolean {
    return existsSync(this.bundleFile);
  }

  async render(pathname: string, data: PageData): Promise<string> {
    this.bundle ??= import(pathToFileURL(this.bundleFile).href) as Promise<RenderBundle>;
    const bundle = await this.bundle;
    return bundle.fillTemplate(this.template, await bundle.render(pathname, data));
  }
}
