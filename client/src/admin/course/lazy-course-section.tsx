// The Course Manager in a chunk of its own, inside the admin panel's: the lesson editor and the
// board load when the section is opened, never on a visitor's or member's page.
import { lazy, Suspense } from 'react';
import { PanelSection } from '@/ui/panel-section';
import { Spinner } from '@/ui/spinner';

const CourseSection = lazy(async () => ({ default: (await import('./course-section')).CourseSection }));

export function LazyCourseSection() {
  return (
    <Suspense
      fallback={
        <PanelSection title="Course Manager">
          <p className="muted" role="status">
            <Spinner /> Loading the Course Manager...
          </p>
        </PanelSection>
      }
    >
      <CourseSection />
    </Suspense>
  );
}
