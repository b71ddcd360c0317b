// The course search box (CONTRACT §4 GET /api/course/search), on the dashboard and the lesson
// pages: the text of the lessons the member may open and their captions; a hit in a caption opens
// the lesson at that moment.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_MIN_LENGTH } from '@shared/course';
import { MESSAGES } from '@shared/messages';
import { serverMessage } from '../lib/server-message';
import { trpc } from '../lib/trpc';
import { Button } from '../ui/button';
import { StatusMessage } from '../ui/status-message';
import { formatClock } from './format-time';
import { lessonAddress } from './lesson-address';
import './course-search.css';

/** `className`: the owner's, to place the box among its neighbours. */
export function CourseSearch({ className }: { className?: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const search = trpc.course.search.useQuery({ q }, { enabled: q !== '', retry: false });

  function submit(event: FormEvent) {
    event.preventDefault();
    if ([...text].length >= SEARCH_QUERY_MIN_LENGTH) setQ(text);
  }

  const results = search.data?.results;
  return (
    <div role="search" className={['course-search', className].filter(Boolean).join(' ')} aria-labelledby={`${id}-label`}>
      <form className="course-search__form" onSubmit={submit}>
        <label id={`${id}-label`} className="field__label" htmlFor={`${id}-q`}>
          Search the course
        </label>
        <div className="course-search__row">
          <input
            id={`${id}-q`}
            className="input"
            type="search"
            value={text}
            minLength={SEARCH_QUERY_MIN_LENGTH}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            required
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" variant="secondary" busy={search.isFetching}>
            Search
          </Button>
        </div>
      </form>
      {search.error && <StatusMessage tone="error">{serverMessage(search.error, MESSAGES.somethingWentWrong)}</StatusMessage>}
      {results && (
        <div role="status" className="course-search__results">
          {results.length === 0 ? (
            <p className="muted">No lessons match “{q}”.</p>
          ) : (
            <ol className="course-search__list" aria-label={`Results for “${q}”`}>
              {results.map((result) => (
                <li key={`${result.lessonId}-${result.at ?? 'text'}`} className="course-search__result">
                  <Link to={lessonAddress(result.lessonId, result.at)}>
                    {result.lessonTitle}
                    {result.at !== null && ` at ${formatClock(result.at)}`}
                  </Link>
                  <span className="course-search__module">{result.moduleTitle}</span>
                  <p className="course-search__snippet">{result.snippet}</p>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
