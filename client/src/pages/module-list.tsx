import type { CourseModule } from './course-modules';
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

// Drawn here rather than with ui/icon: this module is shared by the visitor bundle and the lazy
// dashboard, and importing ui/icon from it makes Rolldown 1.2 split React and the tRPC client out
// of the entry into a chunk of their own (rolldown#9963), one more file before any visitor page
// runs. tests/e2e/visitor-pages.spec.ts counts the files.
function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <rect x="5" y="10.5" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.7" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" fill="none" stroke="currentColor" strokeWidth="1.7" />
    </svg>
  );
}
