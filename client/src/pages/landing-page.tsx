import type { ReactNode } from 'react';
import { ButtonLink } from '../ui/button';
import { usePageTitle } from '../lib/use-page-title';
import { Panel } from '../ui/panel';
import { FILLED, Icon } from '../ui/icon';
import './page-sections.css';
import './landing-page.css';

interface Concept {
  title: string;
  text: string;
  icon: ReactNode;
}

const CONCEPTS: Concept[] = [
  {
    title: 'The Quantum Self',
    text: 'You are not a fixed thing moving through a fixed world. Beneath habit and history lies a self that is still unfolding, made of potential as much as memory.',
    icon: <SelfIcon />,
  },
  {
    title: 'The Field of Possibility',
    text: 'Every moment holds more futures than the one you expect. Learn to sense that wider field, and to choose from it with a steady and open heart.',
    icon: <FieldIcon />,
  },
  {
    title: 'True Sovereignty',
    text: 'Freedom begins where reaction ends. Reclaim authorship of your attention, your choices and your life, and offer that clarity to the world around you.',
    icon: <CrownIcon />,
  },
];

export function LandingPage() {
  usePageTitle(undefined);
  return (
    <div className="page">
      <section className="hero">
        <p className="eyebrow">A course in quantum consciousness</p>
        <h1 className="hero__title">You are the observer, and the author, of your reality</h1>
        <p className="hero__lead">
          A guided journey through the ideas of quantum physics, depth psychology and embodied practice, for anyone ready to live with more presence, purpose
          and freedom.
        </p>
        <div className="actions actions--center">
          <ButtonLink to="/courses" variant="primary">
            Begin Your Journey
          </ButtonLink>
          <ButtonLink to="/courses" variant="secondary">
            Explore the Courses
          </ButtonLink>
        </div>
      </section>

      <section className="section">
        <h2 className="section__title">Three ideas at the heart of the path</h2>
        <ul className="card-grid" role="list">
          {CONCEPTS.map((concept) => (
            <Panel as="li" key={concept.title} className="concept-card">
              <span className="concept-card__icon">{concept.icon}</span>
              <h3 className="concept-card__title">{concept.title}</h3>
              <p>{concept.text}</p>
            </Panel>
          ))}
        </ul>
      </section>
    </div>
  );
}

function SelfIcon() {
  return (
    <Icon box={48} size={44} strokeWidth={1.4}>
      <circle cx="24" cy="24" r="6" {...FILLED} />
      {[0, 60, 120].map((angle) => (
        <ellipse key={angle} cx="24" cy="24" rx="19" ry="7.5" transform={`rotate(${angle} 24 24)`} />
      ))}
    </Icon>
  );
}

function FieldIcon() {
  return (
    <Icon box={48} size={44}>
      <path d="M4 30c5 0 5-12 10-12s5 12 10 12 5-12 10-12 5 12 10 12" />
      <path d="M4 38c5 0 5-6 10-6s5 6 10 6 5-6 10-6 5 6 10 6" strokeOpacity="0.55" strokeWidth="1.4" />
      <circle cx="24" cy="10" r="2.5" {...FILLED} />
      <circle cx="12" cy="8" r="1.2" {...FILLED} fillOpacity="0.7" />
      <circle cx="37" cy="12" r="1.4" {...FILLED} fillOpacity="0.7" />
    </Icon>
  );
}

function CrownIcon() {
  return (
    <Icon box={48} size={44}>
      <path d="M8 34 6 14l11 9 7-13 7 13 11-9-2 20Z" />
      <path d="M9 40h30" />
      <circle cx="24" cy="27" r="2.6" {...FILLED} />
    </Icon>
  );
}
