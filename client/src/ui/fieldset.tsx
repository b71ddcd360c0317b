import type { ReactNode } from 'react';
import './fieldset.css';

interface FieldsetProps {
  legend: string;
  /** A line under the legend about the whole group. */
  note?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A framed group of fields named by its legend. */
export function Fieldset({ legend, note, className, children }: FieldsetProps) {
  return (
    <fieldset className={['fieldset', className].filter(Boolean).join(' ')}>
      <legend className="fieldset__legend">{legend}</legend>
      {note && <p className="fieldset__note">{note}</p>}
      {children}
    </fieldset>
  );
}
