import { buttonClass, ButtonLink } from '../ui/button';
import { usePageTitle } from '../lib/use-page-title';
import { startTransition, useEffect, useState } from 'react';
import type { OutlineModule } from '@shared/course';
import { visitorClient } from '../lib/visitor-client';
import { CourseOutlineList } from './course-outline';
import { renderedOutline } from './rendered-outline';
import { Panel } from '../ui/panel';
import { ArchitectTierAction } from '../billing/architect-tier-action';
import './page-sections.css';
import './courses-page.css';

/**
 * The outline as the server has it for this viewer, once the page runs. Until then (and in the
 * page's HTML) the visitors' outline the HTML was rendered with, so that the text paints before any script.
 */
function useOutline(): readonly OutlineModule[] {
  const [modules, setModules] = useState<readonly OutlineModule[]>(renderedOutline);
  useEffect(() => {
    let current = true;
    visitorClient.course.outline.query().then(
      (outline) => {
        // Not urgent: most often the same outline the page shows, so React may redraw it in slices.
        if (current) startTransition(() => setModules(outline.modules));
      },
      // The page keeps the outline it shows; the next visit asks again.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return modules;
}

const COUNT_WORDS = [
  undefined,
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
];

/** "The ten modules" while the course has the spec's ten, and the true count once an admin changes it. */
export function modulesHeading(count: number): string {
  if (count === 0) return 'The modules';
  return count === 1 ? 'The module' : `The ${COUNT_WORDS[count] ?? count} modules`;
}

export function CoursesPage() {
  usePageTitle('Courses');
  const modules = useOutline();
  return (
    <div className="page">
      <section className="hero hero--compact">
        <p className="eyebrow">The ten-part course</p>
        <h1 className="hero__title">Become the conscious creator of your life</h1>
        <p className="hero__lead">
          Ten modules that carry you from the physics of possibility to a grounded, sovereign way of living. Study at your own pace, return to any lesson, and
          let each idea become a practice.
        </p>
        <div className="actions actions--center">
          <ButtonLink to="/join" variant="primary">
            Illuminate Your Path
          </ButtonLink>
          <a className={buttonClass('secondary')} href="#tiers">
            Compare the paths
          </a>
        </div>
      </section>

      <section className="section">
        <h2 id="modules-title" className="section__title">
          {modulesHeading(modules.length)}
        </h2>
        <p className="section__intro">Each module builds on the one before, from a new picture of reality to a new way of living in it.</p>
        <CourseOutlineList modules={modules} labelledBy="modules-title" />
      </section>

      <section className="section section--anchor" id="tiers" tabIndex={-1}>
        <h2 className="section__title">Choose your path</h2>
        <div className="tier-grid">
          <Panel as="article" className="tier-card" aria-labelledby="tier-explorer">
            <p className="tier-card__kind">Free membership</p>
            <h3 id="tier-explorer" className="tier-card__title">
              The Explorer
            </h3>
            <p>Step into the community and get a feel for the ideas before you commit.</p>
            <ul className="tick-list">
              <li>A free member account and personal dashboard</li>
              <li>An overview of all ten modules</li>
              <li>Upgrade to the full course whenever you are ready</li>
            </ul>
            <ButtonLink to="/join" variant="secondary" className="tier-card__action">
              Join for Free
            </ButtonLink>
          </Panel>
          <Panel as="article" className="tier-card tier-card--featured" aria-labelledby="tier-architect">
            <p className="tier-card__kind">The ten-part course</p>
            <h3 id="tier-architect" className="tier-card__title">
              The Architect
            </h3>
            <p>Walk the whole path, from the first shift in perspective to a life lived in sovereignty, with every module open to you.</p>
            <ul className="tick-list">
              <li>All ten modules, unlocked</li>
              <li>Practices to carry each idea into daily life</li>
              <li>Everything in the Explorer membership</li>
            </ul>
            <ArchitectTierAction className="tier-card__action" />
          </Panel>
        </div>
      </section>
    </div>
  );
}
