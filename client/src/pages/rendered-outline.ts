// The outline the courses page draws first: the one its HTML was rendered with, so that React
// takes that HTML over without a mismatch. The build prerenders /courses with an untouched
// install's outline; once an admin has changed the course, the server renders the page again with
// the visitors' outline and puts that outline beside the root as a JSON data block (a
// type="application/json" script is data: the browser never runs it, so the page's CSP allows it).
import type { OutlineModule } from '@shared/course';
import { DEFAULT_OUTLINE } from '@shared/course-seed';

/** The id of the data block; server/http/page-renderer.ts writes it. */
export const OUTLINE_DATA_ID = 'course-outline';

// Set only while the server renders a page (client/src/prerender.tsx); renders are synchronous.
let renderingWith: readonly OutlineModule[] | undefined;

export function renderWithOutline<T>(outline: readonly OutlineModule[] | undefined, render: () => T): T {
  renderingWith = outline;
  try {
    return render();
  } finally {
    renderingWith = undefined;
  }
}

function outlineInPage(): readonly OutlineModule[] | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById(OUTLINE_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as OutlineModule[];
  } catch {
    // A broken block only costs the first paint's accuracy: the page asks the server next.
    return undefined;
  }
}

export const renderedOutline = (): readonly OutlineModule[] => renderingWith ?? outlineInPage() ?? DEFAULT_OUTLINE;
