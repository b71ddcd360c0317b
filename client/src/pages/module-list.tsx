import type { CourseModule } from './course-modules';
import { Icon } from '../ui/icon';
import './module-list.css';

interface ModuleListProps {
  modules: readonly CourseModule[];
  /** On the dashboard: whether this member can open the modules. Absent on the marketing page. */
  access?: 'unlocked' | 'locked';
  /** Id of the heading that names the list for assistive technology. */
  labelledBy?: string;
}

export function ModuleList({ modules, access, labelledBy }: ModuleListProps) {
  return (
    <ol className={['module-list', access && `module-list--${access}`].filter(Boolean).join(' ')} aria-labelledby={labelledBy}>
      {modules.map((module, index) => (
        <li key={module.title} className="module">
          <span className="module__number" aria-hidden="true">
            {String(index + 1).padStart(2, '0')}
          </span>
          <div className="module__body">
            <h3 className="module__title">{module.title}</h3>
            <p className="module__description">{module.description}</p>
          </div>
          {access === 'locked' && (
            <span className="module__state module__state--locked">
              <LockIcon />
              Locked
            </span>
          )}
          {access === 'unlocked' && <span className="module__state module__state--open">Available</span>}
        </li>
      ))}
    </ol>
  );
}

function LockIcon() {
  return (
    <Icon size={16} strokeWidth={1.7}>
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    </Icon>
  );
}
