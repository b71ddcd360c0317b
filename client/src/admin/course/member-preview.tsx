// Preview as a member (issue 26: "Preview as Explorer / as Architect on day N"): the outline as
// GET /api/admin/course/preview gives it for that member, drawn by the members' own outline list,
// so the admin sees exactly what they will, drip and locks included. Nothing is recorded.
import { useId, useState } from 'react';
import { OPENS_AFTER_DAYS_MAX } from '@shared/course';
import type { MembershipTier } from '@shared/constants';
import { CourseOutlineList } from '@/pages/course-outline';
import { trpc } from '@/lib/trpc';
import { inputClass } from '@/ui/field';
import { Panel } from '@/ui/panel';
import { ServerError } from '@/ui/server-error';

const TIER_LABELS: Record<MembershipTier, string> = { free: 'Explorer', paid: 'Architect' };

/** "3" → 3; anything else that is not a whole day in range → null (the preview waits for a good one). */
export function dayOf(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const day = Number(text);
  return day <= OPENS_AFTER_DAYS_MAX ? day : null;
}

export function MemberPreview() {
  const [tier, setTier] = useState<MembershipTier>('free');
  const [dayText, setDayText] = useState('0');
  const day = dayOf(dayText);
  const dayId = useId();
  const headingId = useId();
  const preview = trpc.course.preview.useQuery({ tier, day: tier === 'paid' ? (day ?? 0) : 0 }, { placeholderData: (previous) => previous });
  const heading = tier === 'free' ? 'As an Explorer sees it' : `As an Architect sees it on day ${day ?? 0}`;

  return (
    <Panel inset title="Preview as a member" className="cm-member-preview">
      <div className="cm-member-preview__controls">
        <fieldset className="cm-segmented">
          <legend className="field__label">Member</legend>
          {(['free', 'paid'] as const).map((value) => (
            <label key={value} className="cm-segmented__option">
              <input type="radio" name="cm-preview-tier" value={value} checked={tier === value} onChange={() => setTier(value)} />
              <span>Preview as {TIER_LABELS[value]}</span>
            </label>
          ))}
        </fieldset>
        {tier === 'paid' && (
          <div className="field cm-member-preview__day">
            <label className="field__label" htmlFor={dayId}>
              Day after becoming an Architect
            </label>
            <input
              id={dayId}
              className={inputClass()}
              type="number"
              inputMode="numeric"
              min={0}
              max={OPENS_AFTER_DAYS_MAX}
              value={dayText}
              aria-invalid={day === null || undefined}
              aria-describedby={`${dayId}-hint`}
              onChange={(event) => setDayText(event.target.value)}
            />
            <p id={`${dayId}-hint`} className={day === null ? 'cm-field-error' : 'field__hint'}>
              {day === null ? `A whole number of days from 0 to ${OPENS_AFTER_DAYS_MAX}` : 'Day 0 is the day they became an Architect.'}
            </p>
          </div>
        )}
      </div>
      <h4 id={headingId} className="cm-member-preview__heading">
        {heading}
      </h4>
      <ServerError error={preview.error} what="The preview could not be loaded" />
      {preview.data &&
        (preview.data.modules.length === 0 ? (
          <p className="muted">No published module: members see an empty course.</p>
        ) : (
          <div className="cm-member-preview__outline">
            <CourseOutlineList modules={preview.data.modules} labelledBy={headingId} />
          </div>
        ))}
    </Panel>
  );
}
