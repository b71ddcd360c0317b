import './spinner.css';

/** A small turning ring in the current text colour, beside the words that say what is under way. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
