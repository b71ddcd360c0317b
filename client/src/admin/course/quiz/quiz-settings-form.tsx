// A quiz lesson's settings (issue 35 "What admins get"): pass mark, attempts (a number or
// unlimited), the wait between attempts, questions per attempt (or every one), shuffle, and whether
// only a pass completes the lesson. A save sends the settings that changed; a refusal's reason
// appears beside the field it names ("quiz.passPercent must be ...").
import { useState, type FormEvent } from 'react';
import { QUIZ_LIMITS, type QuizSettings } from '@shared/quiz';
import type { ShowStatus } from '@/lib/use-timed-status';
import { Button } from '@/ui/button';
import { Fieldset } from '@/ui/fieldset';
import { StatusMessage } from '@/ui/status-message';
import { useSaveErrors } from '../use-save-errors';
import { NumberField } from './number-field';
import { rebaseSettings, settingsChanges, settingsDraftOf, type SettingsDraft } from './settings-draft';

const FIELDS = [
  'quiz.passPercent',
  'quiz.attemptsAllowed',
  'quiz.retryAfterMinutes',
  'quiz.questionsPerAttempt',
  'quiz.shuffle',
  'quiz.requiredToComplete',
  'quiz',
] as const;

interface QuizSettingsFormProps {
  lessonId: string;
  quiz: QuizSettings | null;
  calls: { saveSettings: (lessonId: string, quiz: Partial<QuizSettings>) => Promise<unknown> };
  onChanged: () => Promise<unknown>;
  showStatus: ShowStatus;
}

export function QuizSettingsForm({ lessonId, quiz, calls, onChanged, showStatus }: QuizSettingsFormProps) {
  const [base, setBase] = useState(quiz);
  const [draft, setDraft] = useState(() => settingsDraftOf(quiz));
  const [busy, setBusy] = useState(false);
  const errors = useSaveErrors(FIELDS);

  if (base !== quiz) {
    setBase(quiz);
    setDraft(rebaseSettings(base, draft, quiz));
  }

  const changes = settingsChanges(quiz, draft);
  const set = <K extends keyof SettingsDraft>(field: K, value: SettingsDraft[K]) => setDraft((current) => ({ ...current, [field]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!changes) {
      showStatus('No changes to save');
      return;
    }
    setBusy(true);
    errors.clear();
    try {
      await calls.saveSettings(lessonId, changes);
      showStatus('Quiz settings saved', { tone: 'success' });
      await onChanged();
    } catch (error) {
      errors.fail(error, 'The quiz settings could not be saved');
    } finally {
      setBusy(false);
    }
  }

  const flagError = errors.errorFor('quiz.shuffle') ?? errors.errorFor('quiz.requiredToComplete');
  return (
    <form className="cm-form cm-quiz-settings" aria-label="Quiz settings" onSubmit={(event) => void save(event)}>
      <div className="cm-quiz-settings__grid">
        <NumberField
          label="Pass mark (%)"
          value={draft.passPercent}
          {...QUIZ_LIMITS.passPercent}
          hint="The score a member needs to pass, from 0 to 100 %."
          onChange={(value) => set('passPercent', value)}
          error={errors.errorFor('quiz.passPercent')}
        />
        <NumberField
          label="Wait between attempts (minutes)"
          value={draft.retryAfterMinutes}
          {...QUIZ_LIMITS.retryAfterMinutes}
          hint="0 for none; at most 10,080 (a week)."
          onChange={(value) => set('retryAfterMinutes', value)}
          error={errors.errorFor('quiz.retryAfterMinutes')}
        />
      </div>
      <Fieldset legend="Attempts" className="cm-quiz-settings__choice">
        <label className="cm-checkbox">
          <input type="checkbox" checked={draft.unlimitedAttempts} onChange={(event) => set('unlimitedAttempts', event.target.checked)} />
          <span>Unlimited attempts</span>
        </label>
        {!draft.unlimitedAttempts && (
          <NumberField
            label="Attempts allowed"
            value={draft.attemptsAllowed}
            {...QUIZ_LIMITS.attemptsAllowed}
            onChange={(value) => set('attemptsAllowed', value)}
            error={errors.errorFor('quiz.attemptsAllowed')}
          />
        )}
      </Fieldset>
      <Fieldset legend="Questions in each attempt" className="cm-quiz-settings__choice">
        <label className="cm-checkbox">
          <input type="checkbox" checked={draft.everyQuestion} onChange={(event) => set('everyQuestion', event.target.checked)} />
          <span>Every question of the quiz</span>
        </label>
        {!draft.everyQuestion && (
          <NumberField
            label="Questions per attempt"
            value={draft.questionsPerAttempt}
            {...QUIZ_LIMITS.questionsPerAttempt}
            hint="Each attempt draws this many of the quiz's questions."
            onChange={(value) => set('questionsPerAttempt', value)}
            error={errors.errorFor('quiz.questionsPerAttempt')}
          />
        )}
      </Fieldset>
      <div className="cm-lesson-form__flags">
        <label className="cm-checkbox">
          <input type="checkbox" checked={draft.shuffle} onChange={(event) => set('shuffle', event.target.checked)} />
          <span>Shuffle the questions and their options in each attempt</span>
        </label>
        <label className="cm-checkbox">
          <input type="checkbox" checked={draft.requiredToComplete} onChange={(event) => set('requiredToComplete', event.target.checked)} />
          <span>Only a pass completes the lesson (unticked: any submitted attempt does)</span>
        </label>
      </div>
      {flagError && (
        <p className="cm-field-error" role="alert">
          {flagError}
        </p>
      )}
      {errors.errorFor('quiz') && <StatusMessage tone="error">{errors.errorFor('quiz')}</StatusMessage>}
      {errors.formError && <StatusMessage tone="error">{errors.formError}</StatusMessage>}
      <div className="actions">
        <Button type="submit" variant="primary" busy={busy}>
          Save quiz settings
        </Button>
        {changes && <span className="cm-unsaved">Unsaved changes</span>}
      </div>
    </form>
  );
}
